import { importError, type ImportError } from './errors';

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
