/// <reference lib="webworker" />
import * as XLSX from 'xlsx';

/** Writes the blank import file off the main thread, so that xlsx loads only here and only when asked. */
self.onmessage = (event: MessageEvent<string[][]>) => {
  const rows = event.data;
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = (rows[0] ?? []).map((header) => ({ wch: Math.max(12, header.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Import');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  self.postMessage(bytes, { transfer: [bytes] });
};
