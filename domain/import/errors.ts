/**
 * The import error catalogue of spec 001 section 8, in the order the publication page lists them: the file,
 * then its headers, then its cells and rows, then the recipients' keys, the archive and the publication.
 * ERR_FORBIDDEN_CHARACTERS and ERR_DATE_OUT_OF_RANGE are ours (issue 17: control and bidi-override
 * characters, dates outside 1900–2100); ERR_NFT_FUNDS too (issue 20: the blockchain signer cannot pay the anchoring);
 * and issue 28's: ERR_ZERO_BYTE_FILE (a file of 0 bytes), ERR_UNKNOWN_COLUMNS (headers that are none of the
 * template's columns, with the column each most likely meant), ERR_MISSING_VALUES (an empty cell of a required
 * column) and ERR_DUPLICATE_RECIPIENT (one recipient twice in one language).
 */
export const IMPORT_ERROR_CODES = [
  'ERR_BAD_FILE_TYPE',
  'ERR_LOCKED_FILE',
  'ERR_ZERO_BYTE_FILE',
  'ERR_EMPTY_FILE',
  'ERR_DUPLICATE_HEADERS',
  'ERR_UNKNOWN_COLUMNS',
  'ERR_MISSING_HEADERS',
  'ERR_INVALID_LANGUAGE',
  'ERR_TOO_MANY_ROWS',
  'ERR_BOOLEAN',
  'ERR_FORMULA_ERROR',
  'ERR_FORBIDDEN_CHARACTERS',
  'ERR_DATE_OUT_OF_RANGE',
  'ERR_NO_TECH_DATA',
  'ERR_MISSING_VALUES',
  'ERR_INVALID_EMAILS',
  'ERR_MISSING_EMAILS',
  'ERR_DUPLICATE_RECIPIENT',
  'ERR_ALL_MISUSED',
  'ERR_MISSING_LANGUAGE',
  'ERR_FILE_TYPE',
  'ERR_MISSING_FILES',
  'ERR_INVALID_ZIP',
  'ERR_CPF_INCORRECT_DATA',
  'ERR_PUBLICATION_ERROR',
  'ERR_NFT_FUNDS',
  'ERR_UNEXPECTED',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** Each error shows at most 10 detail lines (spec 001 section 9). */
export const DETAIL_LINES = 10;

/**
 * One alert of the publication page. Detail lines name the cell (A1 notation), the row or the value at
 * fault and hold no prose, so that the page translates the code and shows the lines as they are; `more`
 * counts the lines left out beyond DETAIL_LINES.
 */
export interface ImportError {
  code: ImportErrorCode;
  details: string[];
  more: number;
}

export function isImportErrorCode(value: unknown): value is ImportErrorCode {
  return typeof value === 'string' && (IMPORT_ERROR_CODES as readonly string[]).includes(value);
}

export function importError(code: ImportErrorCode, lines: readonly string[] = []): ImportError {
  return {
    code,
    details: lines.slice(0, DETAIL_LINES),
    more: Math.max(0, lines.length - DETAIL_LINES),
  };
}

/** Gathers the errors of one validation: one entry per code, the first DETAIL_LINES lines kept. */
export class ImportErrorCollector {
  private readonly byCode = new Map<ImportErrorCode, ImportError>();

  add(code: ImportErrorCode, line?: string): void {
    let error = this.byCode.get(code);
    if (!error) {
      error = { code, details: [], more: 0 };
      this.byCode.set(code, error);
    }
    if (line === undefined) return;
    if (error.details.length < DETAIL_LINES) error.details.push(line);
    else error.more++;
  }

  get isEmpty(): boolean {
    return this.byCode.size === 0;
  }

  /** The errors in catalogue order, whatever order the checks found them in. */
  list(): ImportError[] {
    return IMPORT_ERROR_CODES.flatMap((code) => this.byCode.get(code) ?? []);
  }
}
