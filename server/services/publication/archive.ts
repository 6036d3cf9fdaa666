import JSZip from 'jszip';
import { checkArchive, listedFiles } from '../../../domain/import';
import { INVALID_INPUT_FILE } from '../../../domain/publication';
import { publicationError } from './errors';

export interface ArchiveContents {
  /** the listed files the archive lacks */
  missing: string[];
  /** every file name the archive holds */
  names: string[];
}

/** Reads the publication's .zip (its directory only) and checks that it holds every file the rows list. */
export async function readArchive(
  archive: Buffer,
  rows: readonly Record<string, string>[],
  fileFields: readonly string[],
): Promise<ArchiveContents> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(archive);
  } catch {
    throw publicationError(INVALID_INPUT_FILE);
  }
  const names = Object.keys(zip.files);
  const problem = checkArchive(listedFiles(rows, fileFields), names);
  return { names, missing: problem ? problem.details.concat(problem.more > 0 ? [`+${problem.more}`] : []) : [] };
}
