import type { BlankImportColumn } from '../../../domain/import';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The blank file's two rows: the headers, then an example row (obtentionDate set to today). */
export function blankFileRows(columns: readonly BlankImportColumn[]): string[][] {
  return [columns.map((column) => column.header), columns.map((column) => column.defaultValue)];
}

export function blankFileName(templateId: number): string {
  return `import-template-${templateId}.xlsx`;
}

/** Writes the rows as an .xlsx file in a worker of its own. */
export function writeBlankWorkbook(rows: string[][]): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./blankFileWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ArrayBuffer>) => {
      worker.terminate();
      resolve(new Blob([event.data], { type: XLSX_TYPE }));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(rows);
  });
}

/** The page saves the file with the app's one download helper (re-exported here, where the page takes it from). */
export { saveFile } from '../../components/saveFile';
