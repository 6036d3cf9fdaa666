import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { archiveErrors, checkArchiveFile, isArchiveReady, recheckArchive } from './archive';

async function zipFile(names: string[], fileName = 'files.zip'): Promise<File> {
  const zip = new JSZip();
  for (const name of names) zip.file(name, 'content');
  return new File([await zip.generateAsync({ type: 'arraybuffer' })], fileName);
}

describe('the archive of the rows’ files', () => {
  it('is ready when it holds every listed file, in any folder', async () => {
    const state = await checkArchiveFile(await zipFile(['diplomas/ada.pdf', 'bob.pdf']), ['ada.pdf', 'bob.pdf']);
    expect(state).toMatchObject({ status: 'read', missing: null });
    expect(isArchiveReady(state)).toBe(true);
    expect(archiveErrors(state)).toEqual([]);
  });

  it('names the files it lacks, and is checked again against a new import', async () => {
    const state = await checkArchiveFile(await zipFile(['ada.pdf']), ['ada.pdf', 'bob.pdf']);
    expect(isArchiveReady(state)).toBe(false);
    expect(archiveErrors(state)).toEqual([{ code: 'ERR_MISSING_FILES', details: ['bob.pdf'], more: 0 }]);
    expect(isArchiveReady(recheckArchive(state, ['ada.pdf']))).toBe(true);
  });

  it('refuses anything that is not a readable .zip', async () => {
    const notZip = await checkArchiveFile(await zipFile(['ada.pdf'], 'files.rar'), ['ada.pdf']);
    expect(archiveErrors(notZip)).toEqual([{ code: 'ERR_INVALID_ZIP', details: ['files.rar'], more: 0 }]);
    const broken = await checkArchiveFile(new File(['not a zip'], 'files.zip'), ['ada.pdf']);
    expect(archiveErrors(broken)).toEqual([{ code: 'ERR_INVALID_ZIP', details: ['files.zip'], more: 0 }]);
    expect(isArchiveReady(broken)).toBe(false);
  });
});
