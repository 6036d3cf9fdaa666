import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../../domain/import';
import type { TemplateImportData } from '../../../../domain/templates';
import { importDefinitionOf } from './importDefinition';
import { newPartsSession, publishesInParts, publishInParts, splitIntoParts, type PartsCalls } from './uploadParts';

const row = (id: string, language = 'all'): ImportRow => ({ ID: id, Language: language, Email: `${id}@example.org` });

describe('splitIntoParts', () => {
  it('cuts rows into parts of at most the bound, in order', () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => row(`R${i}`));
    const parts = splitIntoParts(rows, ['ID'], 5_000);
    expect(parts.map((part) => part.length)).toEqual([5_000, 5_000, 2_001]);
    expect(parts.flat()).toEqual(rows);
  });

  it("keeps each recipient's rows in one part, even when the file does not keep them together", () => {
    const rows = [row('A', 'en'), row('B', 'en'), row('C', 'en'), row('A', 'fr'), row('B', 'fr'), row('C', 'fr')];
    const parts = splitIntoParts(rows, ['ID'], 3);
    expect(parts).toEqual([
      [row('A', 'en'), row('A', 'fr')],
      [row('B', 'en'), row('B', 'fr')],
      [row('C', 'en'), row('C', 'fr')],
    ]);
    for (const part of parts) expect(new Set(part.map((r) => r.ID)).size).toBe(1);
  });

  it('treats every row as its own recipient without technical fields', () => {
    const rows = [row('A', 'en'), row('A', 'fr'), row('A', 'en')];
    expect(splitIntoParts(rows, [], 2)).toEqual([[rows[0], rows[1]], [rows[2]]]);
  });

  it('publishes in parts above 10,000 rows only, and imports up to 100,000 rows without file fields', () => {
    expect(publishesInParts(10_000)).toBe(false);
    expect(publishesInParts(10_001)).toBe(true);
    const template = {
      languages: ['en'],
      DefaultLanguage: 'en',
      technicalFields: ['ID'],
      fieldsToCertified: [],
      openbadge: true,
    };
    expect(importDefinitionOf({ ...template, fileFields: [] } as unknown as TemplateImportData).maxRows).toBe(100_000);
    expect(importDefinitionOf({ ...template, fileFields: ['pdf'] } as unknown as TemplateImportData).maxRows).toBe(
      10_000,
    );
  });
});

describe('publishInParts', () => {
  /** An in-memory upload service with the server's answers, recording the calls made. */
  function recordingCalls(failPart?: number) {
    const calls: string[] = [];
    let failures = failPart === undefined ? 0 : 1;
    const api: PartsCalls = {
      createPublicationUpload: async () => {
        calls.push('create');
        return { uploadId: 7, expiresAt: '', partMaxRows: 5_000, maxRows: 100_000 };
      },
      sendPublicationPart: async (uploadId, number, rows) => {
        calls.push(`part ${number}`);
        if (number === failPart && failures-- > 0) throw new Error('network');
        return { partNumber: number, rows: rows.length, recipients: rows.length, totalRows: 0 };
      },
      commitPublicationUpload: async (uploadId, parts, key) => {
        calls.push(`commit ${uploadId} ${parts} ${key}`);
        return { campaignId: 42 };
      },
    };
    return { api, calls };
  }
  const rows = Array.from({ length: 12_000 }, (_, i) => row(`R${i}`));
  const request = { templateId: 1, notes: '', 'automated-emailing': false, rows, technicalFields: ['ID'] };

  it('creates the upload, sends each part with its progress, then commits them as one campaign', async () => {
    const { api, calls } = recordingCalls();
    const progress: number[] = [];
    const outcome = await publishInParts(api, request, newPartsSession(), 'key', (p) => progress.push(p.sent));
    expect(outcome).toEqual({ kind: 'success', campaignId: 42 });
    expect(calls).toEqual(['create', 'part 1', 'part 2', 'part 3', 'commit 7 3 key']);
    expect(progress).toEqual([0, 5_000, 10_000, 12_000]);
  });

  it('retries from the part that failed, in the same upload', async () => {
    const { api, calls } = recordingCalls(2);
    const session = newPartsSession();
    expect(await publishInParts(api, request, session, 'key', () => {})).toEqual({ kind: 'failure' });
    expect(await publishInParts(api, request, session, 'key', () => {})).toEqual({ kind: 'success', campaignId: 42 });
    expect(calls).toEqual(['create', 'part 1', 'part 2', 'part 2', 'part 3', 'commit 7 3 key']);
  });
});
