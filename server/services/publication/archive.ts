import type JSZip from 'jszip';
import { ARCHIVE_ZIP_BOUNDS, checkArchive, importError, listedFiles, zipProblem } from '../../../domain/import';
import { INVALID_INPUT_FILE } from '../../../domain/publication';
import { publicationError } from './errors';

export interface ArchiveContents {
  /** the listed files the archive lacks */
  missing: string[];
  /** every file name the archive holds */
  names: string[];
}

/**
 * Reads the publication's .zip (its directory only) and checks that it holds every file the rows list. The
 * directory is first checked as a spreadsheet's zip is (issue 17): an encrypted entry answers ERR_LOCKED_FILE, a
 * zip past ARCHIVE_ZIP_BOUNDS (entries, unpacked bytes, ratio, ZIP64) or one whose directory cannot be read
 * ERR_UNEXPECTED, each as "Invalid input file" with `errors` naming the code; nothing is inflated or written.
 */
export async function readArchive(
  archive: Buffer,
  rows: readonly Record<string, string>[],
  fileFields: readonly string[],
): Promise<ArchiveContents> {
  const problem = zipProblem(archive, ARCHIVE_ZIP_BOUNDS);
  if (problem) {
    const code = problem === 'encrypted-zip' ? 'ERR_LOCKED_FILE' : 'ERR_UNEXPECTED';
    throw publicationError(INVALID_INPUT_FILE, { errors: [importError(code, [problem])] });
  }
  // JSZip is loaded with the first archive (issue 16 point 5: a server that receives none never holds it)
  const { default: Zip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(archive);
  } catch {
    throw publicationError(INVALID_INPUT_FILE, { errors: [importError('ERR_UNEXPECTED', ['broken-zip'])] });
  }
  const names = Object.keys(zip.files);
  const missing = checkArchive(listedFiles(rows, fileFields), names);
  return { names, missing: missing ? missing.details.concat(missing.more > 0 ? [`+${missing.more}`] : []) : [] };
}
