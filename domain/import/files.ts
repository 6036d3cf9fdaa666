import { importError, type ImportError } from './errors';
import {
  endNeedsZip64,
  zipDirectoryEntries,
  zipEnd,
  ZIP_LOCAL_SIGNATURE,
  type ZipDirectoryEntry,
} from './zipDirectory';

/** Spreadsheets the import accepts (spec 001 sections 5 and 9). */
export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'xlsm', 'ods'] as const;

/** The archive that carries the files a template's file fields name. */
export const ARCHIVE_EXTENSION = 'zip';

/** Types a file field may name (spec 001 section 5). */
export const FILE_FIELD_EXTENSIONS = ['png', 'svg', 'jpg', 'pdf', 'zip', 'txt', 'json', 'xlsx'] as const;

const IMPORT_FILE_EXTENSION_SET: ReadonlySet<string> = new Set(IMPORT_FILE_EXTENSIONS);
const FILE_FIELD_EXTENSION_SET: ReadonlySet<string> = new Set(FILE_FIELD_EXTENSIONS);

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The lowercased extension of a file name or path, '' when it has none. */
export function fileExtension(name: string): string {
  const base = baseName(name.trim());
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function hasAllowedFileType(fileName: string): boolean {
  return FILE_FIELD_EXTENSION_SET.has(fileExtension(fileName));
}

/** ERR_BAD_FILE_TYPE unless the chosen file is .xlsx, .xlsm or .ods, whatever its case. */
export function checkImportFileName(name: string): ImportError | null {
  return IMPORT_FILE_EXTENSION_SET.has(fileExtension(name)) ? null : importError('ERR_BAD_FILE_TYPE', [name]);
}

/** The distinct file names the rows' file fields list, in the order they first appear. */
export function listedFiles(
  rows: readonly Readonly<Record<string, string>>[],
  fileFields: readonly string[],
): string[] {
  const files = new Set<string>();
  for (const row of rows) {
    for (const field of fileFields) {
      const name = row[field];
      if (name) files.add(name);
    }
  }
  return [...files];
}

/**
 * ERR_MISSING_FILES naming the listed files the archive lacks. A listed name matches an archive entry with
 * the same path, or, when the name has no folder, an entry with the same name in any folder: users zip the
 * folder that holds their files, not the files themselves.
 */
export function checkArchive(listedFiles: readonly string[], archiveFileNames: readonly string[]): ImportError | null {
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const entry of archiveFileNames) {
    const path = entry.replace(/\\/g, '/');
    if (path.endsWith('/')) continue;
    paths.add(path);
    names.add(baseName(path));
  }
  const missing = listedFiles.filter((file) => !paths.has(file) && (file.includes('/') || !names.has(file)));
  return missing.length === 0 ? null : importError('ERR_MISSING_FILES', missing);
}

/** What a spreadsheet file's bytes are, whatever its name says. */
export type SpreadsheetContent =
  'ooxml' | 'ods' | 'encrypted-ooxml' | 'encrypted-zip' | 'zip-bomb' | 'other-zip' | 'broken-zip' | 'other';

/**
 * What a spreadsheet may unpack to (issue 17, hostile files): a 10,000-row import is a few megabytes of XML,
 * so 100 MB in all, 4,000 entries, and no entry packed more than 1,000 to 1 (zip bombs are), are far beyond
 * any real file and keep SheetJS's unpacking bounded in memory and time. Sizes are read from the central
 * directory, before anything is inflated.
 */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const SPREADSHEET_MAX_ENTRIES = 4000;
export const SPREADSHEET_MAX_RATIO = 1000;

/** How far a zip may unpack: entries, bytes in all, and how much one entry may be packed. */
export interface ZipBounds {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxRatio: number;
}

export const SPREADSHEET_ZIP_BOUNDS: ZipBounds = {
  maxEntries: SPREADSHEET_MAX_ENTRIES,
  maxUnpackedBytes: SPREADSHEET_MAX_UNPACKED_BYTES,
  maxRatio: SPREADSHEET_MAX_RATIO,
};

/**
 * The publication's archive of the rows' files (issue 17): the spreadsheet's ratio, but room for one file per row
 * of a 10,000-row publication with two file fields, and for its at most 100 MB of mostly packed images and PDFs.
 */
export const ARCHIVE_ZIP_BOUNDS: ZipBounds = {
  maxEntries: 20_000,
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxRatio: SPREADSHEET_MAX_RATIO,
};

const ODS_MIME_TYPE = 'application/vnd.oasis.opendocument.spreadsheet';
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const ZIP64 = 'zip64';

/** The entries of a zip's central directory, null when there is none to read, ZIP64 when it needs ZIP64 records. */
function zipEntries(bytes: Uint8Array): ZipDirectoryEntry[] | typeof ZIP64 | null {
  const end = zipEnd(bytes);
  if (!end) return null;
  // the real figures are in a ZIP64 record, which no file here needs
  if (endNeedsZip64(end)) return ZIP64;
  return zipDirectoryEntries(bytes, end);
}

/** The stored (uncompressed) content of a zip entry as text, or null when it is compressed or out of bounds. */
function storedText(bytes: Uint8Array, entry: ZipDirectoryEntry): string | null {
  if (entry.method !== 0 || entry.localOffset + 30 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start =
    entry.localOffset +
    30 +
    view.getUint16(entry.localOffset + 26, true) +
    view.getUint16(entry.localOffset + 28, true);
  return new TextDecoder().decode(bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize)));
}

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) needle[i * 2] = text.charCodeAt(i);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function isZipBomb(entries: readonly ZipDirectoryEntry[], bounds: ZipBounds): boolean {
  if (entries.length > bounds.maxEntries) return true;
  let total = 0;
  for (const { uncompressedSize: unpacked, compressedSize: size, localOffset } of entries) {
    total += unpacked;
    // 0xFFFFFFFF: the real size or offset is in a ZIP64 field, which no file here needs
    if (unpacked === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) return true;
    if (unpacked > Math.max(1, size) * bounds.maxRatio) return true;
  }
  return total > bounds.maxUnpackedBytes;
}

/** Why a zip cannot be unpacked safely, read from its directory alone: null when it is within `bounds`. */
export type ZipProblem = 'broken-zip' | 'encrypted-zip' | 'zip-bomb';

/**
 * Checks a zip from its central directory before anything is inflated: a directory that cannot be read (or no
 * zip at all) is broken, an entry with bit 0 of its flags is encrypted, and past `bounds` (or needing ZIP64) a
 * zip bomb. Also what the publication's archive goes through on the server.
 */
export function zipProblem(data: ArrayBuffer | Uint8Array, bounds: ZipBounds): ZipProblem | null {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < 22) return 'broken-zip';
  const entries = zipEntries(bytes);
  if (entries === ZIP64) return 'zip-bomb';
  if (!entries) return 'broken-zip';
  if (entries.some((entry) => (entry.flags & 1) === 1)) return 'encrypted-zip';
  return isZipBomb(entries, bounds) ? 'zip-bomb' : null;
}

/**
 * Reads what the bytes are from their signature and, for a zip, its entry names: an Office Open XML workbook
 * ([Content_Types].xml and xl/workbook.xml: .xlsx and .xlsm), an OpenDocument spreadsheet (content.xml and
 * the spreadsheet mimetype), an Office file encrypted with a password (a compound file holding an
 * EncryptedPackage), another zip, a zip whose directory cannot be read, or anything else (text, CSV, flat XML,
 * random bytes, a legacy .xls).
 */
export function spreadsheetContent(data: ArrayBuffer | Uint8Array): SpreadsheetContent {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (CFB_SIGNATURE.every((byte, i) => bytes[i] === byte))
    return containsUtf16(bytes, 'EncryptedPackage') ? 'encrypted-ooxml' : 'other';
  if (bytes.length < 4 || new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) !== ZIP_LOCAL_SIGNATURE)
    return 'other';
  const entries = zipEntries(bytes);
  if (entries === ZIP64) return 'zip-bomb';
  if (!entries) return 'broken-zip';
  // bit 0 of the flags: the entry is encrypted (a zip "with a password", which no spreadsheet program writes)
  if (entries.some((entry) => (entry.flags & 1) === 1)) return 'encrypted-zip';
  if (isZipBomb(entries, SPREADSHEET_ZIP_BOUNDS)) return 'zip-bomb';
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has('[Content_Types].xml') && names.has('xl/workbook.xml')) return 'ooxml';
  const mimetype = entries.find((entry) => entry.name === 'mimetype');
  if (names.has('content.xml') && mimetype) {
    const type = storedText(bytes, mimetype);
    if (type === null || type === ODS_MIME_TYPE) return 'ods';
  }
  return 'other-zip';
}

const EXPECTED_CONTENT: Readonly<Record<string, readonly SpreadsheetContent[]>> = {
  xlsx: ['ooxml', 'encrypted-ooxml'],
  xlsm: ['ooxml', 'encrypted-ooxml'],
  ods: ['ods'],
};

/**
 * The file's name and its bytes must agree (spec 001 section 8): a file that is not what its extension says
 * is ERR_BAD_FILE_TYPE (a CSV or a flat-XML spreadsheet renamed, random bytes, another format's zip); a zip
 * whose directory cannot be read, or that would unpack beyond the bounds above, is ERR_UNEXPECTED; a zip with
 * encrypted entries ERR_LOCKED_FILE; a file of 0 bytes ERR_ZERO_BYTE_FILE. It is never read as something else.
 */
export function checkImportFileContent(name: string, data: ArrayBuffer | Uint8Array): ImportError | null {
  const badName = checkImportFileName(name);
  if (badName) return badName;
  // a file of 0 bytes (a download or a copy that did not finish) is empty, whatever its name says
  if (data.byteLength === 0) return importError('ERR_ZERO_BYTE_FILE', [name]);
  const content = spreadsheetContent(data);
  if (EXPECTED_CONTENT[fileExtension(name)].includes(content)) return null;
  if (content === 'encrypted-zip') return importError('ERR_LOCKED_FILE', [name]);
  const unreadable = content === 'broken-zip' || content === 'zip-bomb';
  return importError(unreadable ? 'ERR_UNEXPECTED' : 'ERR_BAD_FILE_TYPE', [name]);
}
