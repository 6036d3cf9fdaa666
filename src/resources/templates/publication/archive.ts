import {
  ARCHIVE_EXTENSION,
  checkArchive,
  fileExtension,
  importError,
  type ImportError,
} from '../../../../domain/import';

/** The archive a template with file fields needs: none yet, being read, read (perhaps lacking files), unreadable. */
export type ArchiveState =
  | { status: 'none' }
  | { status: 'reading'; file: File }
  | { status: 'read'; file: File; entries: string[]; missing: ImportError | null }
  | { status: 'unreadable'; file: File; error: ImportError };

export const NO_ARCHIVE: ArchiveState = { status: 'none' };

/** The archive's file paths, read with jszip (loaded only when an archive is chosen). */
export async function readArchiveEntries(file: Blob): Promise<string[]> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(await file.arrayBuffer());
  return Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);
}

/**
 * Reads the chosen archive and checks that it holds every file the rows list: ERR_INVALID_ZIP for anything
 * that is not a readable .zip, ERR_MISSING_FILES naming what it lacks.
 */
export async function checkArchiveFile(
  file: File,
  listed: readonly string[],
  readEntries: (file: Blob) => Promise<string[]> = readArchiveEntries,
): Promise<ArchiveState> {
  const unreadable: ArchiveState = { status: 'unreadable', file, error: importError('ERR_INVALID_ZIP', [file.name]) };
  if (fileExtension(file.name) !== ARCHIVE_EXTENSION) return unreadable;
  try {
    const entries = await readEntries(file);
    return { status: 'read', file, entries, missing: checkArchive(listed, entries) };
  } catch {
    return unreadable;
  }
}

/** The same archive checked again, against the rows of a newly imported file. */
export function recheckArchive(state: ArchiveState, listed: readonly string[]): ArchiveState {
  return state.status === 'read' ? { ...state, missing: checkArchive(listed, state.entries) } : state;
}

export function archiveErrors(state: ArchiveState): ImportError[] {
  if (state.status === 'unreadable') return [state.error];
  if (state.status === 'read' && state.missing) return [state.missing];
  return [];
}

/** Publishing needs a readable archive that lacks none of the listed files. */
export function isArchiveReady(state: ArchiveState): boolean {
  return state.status === 'read' && state.missing === null;
}
