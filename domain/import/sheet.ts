import { isValidEmail, sanitizeEmail } from '../email';
import { cellFault, cellRef, cellText, columnName, isBlankCell, type Cell, type Sheet } from './cells';
import {
  importColumns,
  mappedHeader,
  REQUIRED_RECIPIENT_FIELDS,
  suggestHeaderMapping,
  type ColumnMapping,
  type UnknownColumn,
} from './columns';
import { importError, ImportErrorCollector, type ImportError } from './errors';
import { hasAllowedFileType } from './files';
import {
  forbiddenCharacter,
  isDateColumn,
  isDateInRange,
  isIsoDate,
  recipientDataFaults,
  recipientDataLine,
} from './recipientData';

/** The language value that makes one row stand for every language of the template. */
export const ALL_LANGUAGES = 'all';

/** Keys every import row has, whatever the case of their headers in the file. */
export const LANGUAGE_KEY = 'Language';
export const EMAIL_KEY = 'Email';

/** The header of the language column, as the blank file writes it. */
export const LANGUAGE_HEADER = 'language';

/** What a template asks of an import (spec 001 section 3: languagesList, DefaultLanguage, DataTech, …). */
export interface ImportDefinition {
  /** the template's languages, e.g. ['en', 'fr'] */
  languages: readonly string[];
  defaultLanguage: string;
  /** the columns whose values together name a recipient, e.g. ['ID'] */
  technicalFields: readonly string[];
  /** the template's own data fields */
  fieldsToCertify: readonly string[];
  /** fields whose values name files of the archive */
  fileFields: readonly string[];
  /** openbadge templates need an Email on every row */
  openbadge: boolean;
  maxRows: number;
  /** a registry template, whose rows may also carry the register's columns (columns.ts) */
  register?: boolean;
  /** the template lets rows leave out the recipient's name: firstName and lastName are neither required nor filled */
  namesOptional?: boolean;
}

/** One imported row: technical fields, Language, Email, then the data fields, all as text. */
export type ImportRow = Record<string, string> & { Language: string; Email: string };

/** A refused import; `unknownColumns` lists the headers that are none of the template's columns, with suggestions. */
export type ImportResult =
  { ok: true; rows: ImportRow[] } | { ok: false; errors: ImportError[]; unknownColumns?: UnknownColumn[] };

export interface ImportSheetOptions {
  /** the workbook counts dates from 1904 (SheetJS: `workbook.Workbook.WBProps.date1904`) */
  date1904?: boolean;
  /**
   * also flag the recipient data the server refuses on publish (recipientData.ts) as ERR_CPF_INCORRECT_DATA,
   * so that the web app shows them before the check word; the server answers them as its own field map
   */
  recipientData?: boolean;
  /** headers renamed (or ignored, null) before anything is read: the page's mapping, or the API call's columnMapping */
  columnMapping?: ColumnMapping;
}

function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    unique.push(name);
  }
  return unique;
}

/**
 * The headers a file must have, compared without regard to case: language, the technical fields, Email for
 * openbadge templates, the recipient's name (REQUIRED_RECIPIENT_FIELDS: every certificate shows it), and every
 * field of the template (file fields included). The other standard columns (obtentionDate, ExpirationDate,
 * linkURL, …) are optional unless the template uses them.
 */
export function requiredHeaders(definition: ImportDefinition): string[] {
  return uniqueNames([
    LANGUAGE_HEADER,
    ...definition.technicalFields,
    ...(definition.openbadge ? [EMAIL_KEY] : []),
    ...(definition.namesOptional ? [] : REQUIRED_RECIPIENT_FIELDS),
    ...definition.fieldsToCertify,
    ...definition.fileFields,
  ]);
}

interface Header {
  text: string;
  column: number;
}

/** The first row's headers by lowercased name, in column order, as the mapping renames them; duplicates reported. */
function readHeaders(
  row: readonly Cell[],
  errors: ImportErrorCollector,
  mapping: ColumnMapping | undefined,
): Map<string, Header> {
  const columnsByName = new Map<string, { text: string; columns: number[] }>();
  for (let column = 0; column < row.length; column++) {
    const text = mappedHeader(cellText(row[column]), mapping).trim();
    if (text === '') continue;
    const forbidden = forbiddenCharacter(text);
    if (forbidden) {
      errors.add('ERR_FORBIDDEN_CHARACTERS', `${cellRef(column, 0)}: ${forbidden}`);
      continue;
    }
    const name = text.toLowerCase();
    const seen = columnsByName.get(name);
    if (seen) seen.columns.push(column);
    else columnsByName.set(name, { text, columns: [column] });
  }
  const headers = new Map<string, Header>();
  for (const [name, { text, columns }] of columnsByName) {
    if (columns.length > 1)
      errors.add('ERR_DUPLICATE_HEADERS', `${columns.map((column) => cellRef(column, 0)).join(', ')}: ${text}`);
    headers.set(name, { text, column: columns[0] });
  }
  return headers;
}

/** Where one key of the import row comes from. */
interface Slot {
  key: string;
  /** 0-based column of the sheet, -1 when the file has no such column */
  column: number;
  /** the column's letters, for detail lines */
  letter: string;
  technical: boolean;
  file: boolean;
  /** a date column, whose ISO dates must lie within 1900–2100 */
  date: boolean;
}

/**
 * The keys of the import row in their order (technical fields, Language, Email, then the other columns in
 * the file's order) and the column each reads. Known columns take the template's spelling; others keep
 * their header. A `__proto__` header is ignored: it cannot be an own key of a plain object.
 */
function planSlots(headers: Map<string, Header>, definition: ImportDefinition): Slot[] {
  const slots: Slot[] = [];
  const byName = new Map<string, Slot>();
  const slotFor = (key: string): Slot => {
    const name = key.toLowerCase();
    let slot = byName.get(name);
    if (!slot) {
      const column = headers.get(name)?.column ?? -1;
      const letter = column < 0 ? '' : columnName(column);
      slot = { key, column, letter, technical: false, file: false, date: false };
      byName.set(name, slot);
      slots.push(slot);
    }
    return slot;
  };
  for (const field of uniqueNames(definition.technicalFields)) slotFor(field).technical = true;
  slotFor(LANGUAGE_HEADER).key = LANGUAGE_KEY;
  slotFor(EMAIL_KEY).key = EMAIL_KEY;
  const knownNames = new Map<string, string>();
  for (const name of importColumns(definition)) knownNames.set(name.toLowerCase(), name);
  for (const [name, header] of headers) if (name !== '__proto__') slotFor(knownNames.get(name) ?? header.text);
  for (const field of uniqueNames(definition.fileFields)) slotFor(field).file = true;
  for (const slot of slots) slot.date = isDateColumn(slot.key);
  return slots;
}

/**
 * The headers that are none of the template's columns (a `__proto__` header among them), in column order, each
 * with the column it most likely meant (suggestHeaderMapping).
 */
function unknownHeaders(headers: Map<string, Header>, definition: ImportDefinition): UnknownColumn[] {
  const known = new Set(importColumns(definition).map((column) => column.toLowerCase()));
  const unknown = [...headers].filter(([name]) => !known.has(name)).map(([, header]) => header);
  if (unknown.length === 0) return [];
  const suggestions = suggestHeaderMapping(
    [...headers.values()].map((header) => header.text),
    definition,
  );
  return unknown
    .sort((a, b) => a.column - b.column)
    .map((header) => ({
      header: header.text,
      cell: cellRef(header.column, 0),
      suggestion: suggestions.get(header.text) ?? null,
    }));
}

/** The recipient one technical key names, and the languages its rows give. */
interface Recipient {
  label: string;
  firstRow: number;
  /** language → the 1-based row that gives it */
  languages: Map<string, number>;
}

function failure(code: ImportError['code'], lines: readonly string[] = []): ImportResult {
  return { ok: false, errors: [importError(code, lines)] };
}

/**
 * Validates an imported sheet against a template's import definition and reads its rows (spec 001 section
 * 5, "Spreadsheet import rules"). The web app runs it on the cells its worker parsed, the server on the rows
 * it receives (see importRowsToSheet). Checks that leave the rows unreadable stop early: an empty file,
 * duplicate or missing headers and an unknown default language; then no data rows or too many. Otherwise
 * every row is read in one pass and all errors come back together, in catalogue order.
 */
export function validateImport(
  sheet: Sheet,
  definition: ImportDefinition,
  options: ImportSheetOptions = {},
): ImportResult {
  const steps = validateImportSteps(sheet, definition, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Rows read between two pauses of validateImportSteps. */
const ROWS_PER_STEP = 256;

/**
 * validateImport, pausing (yield) every ROWS_PER_STEP rows, so that the server can let other requests through
 * between slices of a large publish (issue 16: nothing holds the event loop over 50 ms). Same result.
 */
export function* validateImportSteps(
  sheet: Sheet,
  definition: ImportDefinition,
  options: ImportSheetOptions = {},
): Generator<void, ImportResult, void> {
  if (sheet.every((row) => !row || row.every(isBlankCell))) return failure('ERR_EMPTY_FILE');

  const errors = new ImportErrorCollector();
  const headers = readHeaders(sheet[0] ?? [], errors, options.columnMapping);
  const unknownColumns = unknownHeaders(headers, definition);
  for (const { header, cell, suggestion } of unknownColumns)
    errors.add('ERR_UNKNOWN_COLUMNS', suggestion ? `${cell}: ${header} → ${suggestion}` : `${cell}: ${header}`);
  for (const name of requiredHeaders(definition))
    if (!headers.has(name.toLowerCase())) errors.add('ERR_MISSING_HEADERS', name);
  const languageList = uniqueNames(definition.languages.map((language) => language.toLowerCase()));
  const languages = new Set(languageList);
  const defaultLanguage = definition.defaultLanguage.trim().toLowerCase();
  if (!languages.has(defaultLanguage)) errors.add('ERR_INVALID_LANGUAGE', defaultLanguage || '""');
  if (!errors.isEmpty)
    return unknownColumns.length > 0
      ? { ok: false, errors: errors.list(), unknownColumns }
      : { ok: false, errors: errors.list() };

  const slots = planSlots(headers, definition);
  const readColumns = slots.filter((slot) => slot.column >= 0).map((slot) => slot.column);
  const dataRows: number[] = [];
  for (let r = 1; r < sheet.length; r++) {
    const cells = sheet[r];
    if (cells && readColumns.some((column) => !isBlankCell(cells[column]))) dataRows.push(r);
    if (r % (ROWS_PER_STEP * 8) === 0) yield;
  }
  if (dataRows.length === 0) return failure('ERR_EMPTY_FILE');
  if (dataRows.length > definition.maxRows)
    return failure('ERR_TOO_MANY_ROWS', [`${dataRows.length} > ${definition.maxRows}`]);

  const languageIndex = slots.findIndex((slot) => slot.key === LANGUAGE_KEY);
  const emailIndex = slots.findIndex((slot) => slot.key === EMAIL_KEY);
  const technicalIndexes = slots.flatMap((slot, index) => (slot.technical ? [index] : []));
  const requiredIndexes = (definition.namesOptional ? [] : REQUIRED_RECIPIENT_FIELDS).map((field) =>
    slots.findIndex((slot) => slot.key.toLowerCase() === field.toLowerCase()),
  );
  const fileIndexes = slots.flatMap((slot, index) => (slot.file ? [index] : []));
  const languageLetter = slots[languageIndex].letter;
  const emailLetter = slots[emailIndex].letter;
  const keyLetter = technicalIndexes.length > 0 ? slots[technicalIndexes[0]].letter : languageLetter;
  const date1904 = options.date1904 === true;
  const letterOf = (field: string) => slots.find((slot) => slot.key === field)?.letter ?? '';

  const rows: ImportRow[] = [];
  const recipients = new Map<string, Recipient>();
  const faulty: boolean[] = slots.map(() => false);

  for (const r of dataRows) {
    if (rows.length % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const cells = sheet[r] ?? [];
    const rowNumber = r + 1;
    const row = {} as ImportRow;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      faulty[i] = false;
      if (slot.column < 0) {
        row[slot.key] = '';
        continue;
      }
      const cell = cells[slot.column];
      const text = cellText(cell, date1904);
      const fault = text === '' ? null : cellFault(cell, text);
      const forbidden = text === '' || fault ? null : forbiddenCharacter(text);
      if (fault) {
        faulty[i] = true;
        errors.add(fault, `${slot.letter}${rowNumber}: ${text}`);
        row[slot.key] = '';
      } else if (forbidden) {
        faulty[i] = true;
        errors.add('ERR_FORBIDDEN_CHARACTERS', `${slot.letter}${rowNumber}: ${forbidden}`);
        row[slot.key] = '';
      } else if (slot.date && isIsoDate(text) && !isDateInRange(text)) {
        faulty[i] = true;
        errors.add('ERR_DATE_OUT_OF_RANGE', `${slot.letter}${rowNumber}: ${text}`);
        row[slot.key] = '';
      } else {
        row[slot.key] = text;
      }
    }

    let language: string | null = null;
    if (!faulty[languageIndex]) {
      const given = row.Language;
      const value = given === '' ? defaultLanguage : given.toLowerCase();
      if (value === ALL_LANGUAGES || languages.has(value)) {
        row.Language = value;
        language = value;
      } else {
        errors.add('ERR_INVALID_LANGUAGE', `${languageLetter}${rowNumber}: ${given}`);
      }
    }

    if (!faulty[emailIndex]) {
      const given = row.Email;
      if (given === '') {
        if (definition.openbadge) errors.add('ERR_MISSING_EMAILS', `${emailLetter}${rowNumber}`);
      } else {
        const email = sanitizeEmail(given);
        if (isValidEmail(given) && isValidEmail(email)) row.Email = email;
        else errors.add('ERR_INVALID_EMAILS', `${emailLetter}${rowNumber}: ${given}`);
      }
    }

    for (const i of fileIndexes) {
      const name = row[slots[i].key];
      if (name !== '' && !hasAllowedFileType(name))
        errors.add('ERR_FILE_TYPE', `${slots[i].letter}${rowNumber}: ${name}`);
    }

    // The recipient's key: its technical values, or the row itself when the template names none.
    let key = technicalIndexes.length > 0 ? '' : `#${rowNumber}`;
    let label = technicalIndexes.length > 0 ? '' : String(rowNumber);
    let keyReadable = true;
    let emptyCells: string[] | null = null;
    for (let n = 0; n < technicalIndexes.length; n++) {
      const i = technicalIndexes[n];
      const value = row[slots[i].key];
      if (faulty[i]) keyReadable = false;
      else if (value === '') (emptyCells ??= []).push(`${slots[i].letter}${rowNumber}`);
      else if (n === 0) key = label = value;
      else {
        key += '\u001f' + value;
        label += ' / ' + value;
      }
    }
    if (emptyCells) errors.add('ERR_NO_TECH_DATA', emptyCells.join(', '));
    for (const i of requiredIndexes)
      if (!faulty[i] && row[slots[i].key] === '')
        errors.add('ERR_MISSING_VALUES', `${slots[i].letter}${rowNumber} (${slots[i].key})`);

    if (keyReadable && !emptyCells && language !== null) {
      let recipient = recipients.get(key);
      if (!recipient) {
        recipient = { label, firstRow: rowNumber, languages: new Map() };
        recipients.set(key, recipient);
      }
      const earlier = recipient.languages.get(language);
      // the same recipient twice in one language: the second row repeats the first (row numbers as the file shows them)
      if (earlier !== undefined)
        errors.add(
          'ERR_DUPLICATE_RECIPIENT',
          `${keyLetter}${rowNumber} = ${keyLetter}${earlier} (${recipient.label}): ${language}`,
        );
      else recipient.languages.set(language, rowNumber);
    }

    if (options.recipientData)
      for (const fault of recipientDataFaults(row))
        errors.add('ERR_CPF_INCORRECT_DATA', recipientDataLine(fault, rowNumber, letterOf));

    rows.push(row);
  }

  let checkedRecipients = 0;
  for (const recipient of recipients.values()) {
    if (++checkedRecipients % (ROWS_PER_STEP * 4) === 0) yield;
    const allRow = recipient.languages.get(ALL_LANGUAGES);
    if (allRow !== undefined) {
      if (recipient.languages.size > 1)
        errors.add(
          'ERR_ALL_MISUSED',
          `${languageLetter}${allRow} (${recipient.label}): ${[...recipient.languages.keys()].join(', ')}`,
        );
    } else if (technicalIndexes.length > 0 && recipient.languages.size < languageList.length) {
      const missing = languageList.filter((language) => !recipient.languages.has(language));
      errors.add(
        'ERR_MISSING_LANGUAGE',
        `${keyLetter}${recipient.firstRow} (${recipient.label}): ${missing.join(', ')}`,
      );
    }
  }

  return errors.isEmpty ? { ok: true, rows } : { ok: false, errors: errors.list() };
}

/**
 * The rows the web app sends, as a sheet again (headers from the rows' keys, in the order they first
 * appear), so that the server re-validates them with validateImport.
 */
export function importRowsToSheet(rows: readonly Readonly<Record<string, string>>[]): string[][] {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      headers.push(key);
    }
  }
  return [headers, ...rows.map((row) => headers.map((header) => row[header] ?? ''))];
}
