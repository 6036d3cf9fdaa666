/// <reference lib="webworker" />
import * as XLSX from 'xlsx';
import type { BlankWorkbook } from './blankImportFile';

/** Writes the blank import file off the main thread, so that xlsx loads only here and only when asked. */
self.onmessage = (event: MessageEvent<BlankWorkbook>) => {
  const { rows, notes } = event.data;
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = (rows[0] ?? []).map((header) => ({ wch: Math.max(12, header.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Import');
  if (notes) {
    const notesSheet = XLSX.utils.aoa_to_sheet(notes.rows);
    notesSheet['!cols'] = [{ wch: 24 }, { wch: 12 }, { wch: 90 }];
    XLSX.utils.book_append_sheet(book, notesSheet, notes.name.slice(0, 31));
  }
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  self.postMessage(bytes, { transfer: [bytes] });
};
