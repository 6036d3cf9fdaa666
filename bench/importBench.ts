import * as XLSX from 'xlsx';
import { validateImport } from '../domain/import';
import { readWorkbook } from '../src/workers/readWorkbook';
import { measure, report } from './measure';

/** A 10,000-row workbook like a real import: key, language, email, names, a date, a percent, free text. */
function generateWorkbook(rows: number): Uint8Array {
  const data: unknown[][] = [
    ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate', 'score', 'assessment'],
  ];
  for (let i = 0; i < rows; i += 1) {
    data.push([
      'en',
      `ID-${i}`,
      `learner${i}@example.org`,
      `First${i}`,
      `Last${i}`,
      46000 + (i % 300),
      (i % 100) / 100,
      `Assessed on module ${i % 17}`,
    ]);
  }
  const sheet = XLSX.utils.aoa_to_sheet(data);
  for (let r = 1; r <= rows; r += 1) {
    sheet[XLSX.utils.encode_cell({ r, c: 5 })].z = 'yyyy-mm-dd';
    sheet[XLSX.utils.encode_cell({ r, c: 6 })].z = '0%';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

const definition = {
  languages: ['en'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: ['score', 'assessment'],
  fileFields: [],
  openbadge: true,
  maxRows: 100_000,
};

export async function importBench(): Promise<void> {
  const bytes = generateWorkbook(10_000);
  console.info(`import: a generated workbook of 10,000 rows, ${(bytes.byteLength / 1024).toFixed(0)} KB`);
  const baseline = await measure(() => {
    const book = XLSX.read(bytes, { type: 'array' });
    return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]]);
  });
  const ours = await measure(() => {
    const read = readWorkbook(bytes);
    if (!read.ok) throw new Error(read.code);
    const result = validateImport(read.sheet, definition, { date1904: read.date1904 });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result;
  });
  report('import parse + validate vs bare XLSX.read + sheet_to_json', ours, baseline, '≤ 1.30');
}
