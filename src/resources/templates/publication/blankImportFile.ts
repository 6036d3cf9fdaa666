import {
  COLUMN_LABELS,
  requiredHeaders,
  type BlankImportColumn,
  type ImportDefinition,
} from '../../../../domain/import';
import { XLSX_TYPE } from '../../../components/xlsxExporter';

/** The blank file's two rows: the headers, then an example row (obtentionDate set to today). */
export function blankFileRows(columns: readonly BlankImportColumn[]): string[][] {
  return [columns.map((column) => column.header), columns.map((column) => column.defaultValue)];
}

/** What each column of the blank file is, for its "Notes" sheet: the message key of its explanation. */
function noteKey(header: string, definition: ImportDefinition): string {
  const lower = header.toLowerCase();
  if (lower === 'language') return 'language';
  if (definition.technicalFields.some((field) => field.toLowerCase() === lower)) return 'technical';
  if (definition.fileFields.some((field) => field.toLowerCase() === lower)) return 'file';
  if (COLUMN_LABELS[header]) return header;
  if (definition.fieldsToCertify.some((field) => field.toLowerCase() === lower)) return 'other';
  return definition.register ? 'register' : 'other';
}

/**
 * The blank file's second sheet (issue 28): one line per column of the first saying whether it is required and
 * what to write in it (allowed languages, date format), then the rules that hold for the whole file.
 */
export function blankFileNotes(
  columns: readonly BlankImportColumn[],
  definition: ImportDefinition,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string[][] {
  const required = new Set(requiredHeaders(definition).map((header) => header.toLowerCase()));
  const t = (key: string, options?: Record<string, unknown>) => translate(`publication.blank_notes.${key}`, options);
  const lines = columns.map(({ header }) => [
    header,
    t(required.has(header.toLowerCase()) ? 'yes' : 'no'),
    t(noteKey(header, definition), {
      languages: definition.languages.join(', '),
      default: definition.defaultLanguage,
    }),
  ]);
  return [[t('column'), t('required'), t('meaning')], ...lines, [], [t('rules')]];
}

export function blankFileName(templateId: number): string {
  return `import-template-${templateId}.xlsx`;
}

/** What the blank file's worker writes: the import sheet, and the notes sheet with its translated name. */
export interface BlankWorkbook {
  rows: string[][];
  notes: { name: string; rows: string[][] } | null;
}

/** Writes the rows (and the notes sheet) as an .xlsx file in a worker of its own. */
export function writeBlankWorkbook(rows: string[][], notes: BlankWorkbook['notes'] = null): Promise<Blob> {
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
    worker.postMessage({ rows, notes } satisfies BlankWorkbook);
  });
}

/** The page saves the file with the app's one download helper (re-exported here, where the page takes it from). */
export { saveFile } from '../../../components/saveFile';
