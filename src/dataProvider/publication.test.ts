import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRow } from '../../domain/import';
import { publicationMethods, publishesInParts, splitIntoParts, type PublishBody } from './publication';

interface Seen {
  key: string | null;
  type: string | null;
  json: unknown;
  archive: string | null;
}
const seen: Seen[] = [];
let answer: () => Response = () => HttpResponse.json({ campaignId: 41 });

/** The parts calls the server saw, in order; `failPart` fails that part's first sending (a network error). */
const partCalls: string[] = [];
let failPart: number | null = null;
/** the commit refuses recipients who hold a certificate unless it carries a duplicates choice */
let heldOnCommit = false;

const server = setupServer(
  http.post('*/api/admin/data/parts', async ({ request }) => {
    const body = (await request.json()) as { templateId: number; notes?: string };
    partCalls.push(`create ${body.templateId} ${body.notes}`);
    return HttpResponse.json({ uploadId: 7, expiresAt: '', partMaxRows: 5_000, maxRows: 100_000 });
  }),
  http.put('*/api/admin/data/parts/:uploadId/:partNumber', async ({ params, request }) => {
    const rows = ((await request.json()) as { data: ImportRow[] }).data;
    partCalls.push(`part ${String(params.partNumber)} of ${String(params.uploadId)}: ${rows.length} rows`);
    if (Number(params.partNumber) === failPart) {
      failPart = null;
      return HttpResponse.error();
    }
    const partNumber = Number(params.partNumber);
    return HttpResponse.json({ partNumber, rows: rows.length, recipients: rows.length, totalRows: 0 });
  }),
  http.post('*/api/admin/data/parts/:uploadId/commit', async ({ params, request }) => {
    const { parts, duplicateBehavior } = (await request.json()) as { parts: number; duplicateBehavior?: string };
    partCalls.push(
      `commit ${String(params.uploadId)}: ${parts} parts, key ${request.headers.get('idempotency-key')}` +
        (duplicateBehavior ? `, ${duplicateBehavior}` : ''),
    );
    if (heldOnCommit && !duplicateBehavior) {
      return HttpResponse.json(
        {
          code: 'ERR_DUPLICATE_RECIPIENTS',
          recipients: 12_000,
          count: 2,
          duplicates: [{ row: 2, recipient: 'R0', certificateKey: 'k' }],
        },
        { status: 409 },
      );
    }
    return HttpResponse.json({ campaignId: 42, skipped: duplicateBehavior === 'skip' ? 2 : 0 });
  }),
  http.post('*/api/admin/data', async ({ request }) => {
    const type = request.headers.get('content-type');
    let json: unknown;
    let archive: string | null = null;
    if (type?.startsWith('multipart/form-data')) {
      const form = await request.formData();
      json = JSON.parse(String(form.get('body')));
      archive = (form.get('file') as File).name;
    } else {
      json = await request.json();
    }
    seen.push({ key: request.headers.get('idempotency-key'), type, json, archive });
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  partCalls.length = 0;
  failPart = null;
  heldOnCommit = false;
  answer = () => HttpResponse.json({ campaignId: 41 });
});
afterAll(() => server.close());

const rows: ImportRow[] = [
  { ID: '1', Language: 'en', Email: 'ada@example.org' },
  { ID: '1', Language: 'fr', Email: 'ada@example.org' },
  { ID: '2', Language: 'all', Email: 'bob@example.org' },
];
const request: PublishBody = {
  templateId: 3,
  data: rows,
  contentType: 'json',
  notes: 'Spring',
  'automated-emailing': false,
};

describe('publishing', () => {
  it('sends JSON with the idempotency key, and answers the campaign', async () => {
    expect(await publicationMethods.publish(request, { idempotencyKey: 'key-1', technicalFields: ['ID'] })).toEqual({
      kind: 'success',
      campaignId: 41,
    });
    expect(seen).toEqual([{ key: 'key-1', type: 'application/json', json: request, archive: null }]);
  });

  it('sends the archive as multipart: the JSON as body, the .zip as file', async () => {
    await publicationMethods.publish(request, {
      archive: new File(['zip'], 'files.zip'),
      idempotencyKey: 'key-2',
      technicalFields: ['ID'],
    });
    // (jsdom's File loses its name in Node's FormData; browsers keep it)
    expect(seen[0]).toMatchObject({ key: 'key-2', json: request });
    expect(seen[0].archive).not.toBeNull();
    expect(seen[0].type).toMatch(/^multipart\/form-data/);
  });

  it.each([
    [
      'register data',
      () => HttpResponse.json({ code: 'ERR_CPF_INCORRECT_DATA', data: { siret: 'too short' } }, { status: 400 }),
      { kind: 'rejected', errors: [{ code: 'ERR_CPF_INCORRECT_DATA', details: ['siret: too short'], more: 0 }] },
    ],
    [
      'an unreadable archive',
      () => HttpResponse.json({ error: 'Invalid input file' }, { status: 400 }),
      { kind: 'rejected', errors: [{ code: 'ERR_INVALID_ZIP', details: [], more: 0 }] },
    ],
    [
      'files missing from the archive',
      () => HttpResponse.json({ error: 'File missing in the archive: a.pdf, b.pdf' }, { status: 400 }),
      { kind: 'rejected', errors: [{ code: 'ERR_INVALID_ZIP', details: ['a.pdf', 'b.pdf'], more: 0 }] },
    ],
    [
      'rows the server found wrong',
      () =>
        HttpResponse.json(
          {
            code: 'ERR_PUBLICATION_ERROR',
            error: 'The rows are not valid: ERR_INVALID_EMAILS',
            errors: [{ code: 'ERR_INVALID_EMAILS', details: ['C2: x'], more: 0 }],
          },
          { status: 400 },
        ),
      {
        kind: 'rejected',
        errors: [
          { code: 'ERR_PUBLICATION_ERROR', details: [], more: 0 },
          { code: 'ERR_INVALID_EMAILS', details: ['C2: x'], more: 0 },
        ],
      },
    ],
    [
      'a blockchain signer that cannot pay the NFT anchoring',
      () =>
        HttpResponse.json(
          {
            code: 'ERR_NFT_FUNDS',
            message: 'The blockchain address 0xabc holds 0.0; anchoring this campaign needs 0.001',
            errors: [{ code: 'ERR_NFT_FUNDS', details: ['0xabc: 0.0 / 0.001'], more: 0 }],
          },
          { status: 400 },
        ),
      { kind: 'rejected', errors: [{ code: 'ERR_NFT_FUNDS', details: ['0xabc: 0.0 / 0.001'], more: 0 }] },
    ],
    [
      'not enough credits',
      () => HttpResponse.json({ code: 'NOT_ENOUGH_CREDITS' }, { status: 402 }),
      { kind: 'not_enough_credits' },
    ],
    [
      'an unavailable template',
      () => HttpResponse.json({ code: 'TEMPLATE_UNAVAILABLE' }, { status: 409 }),
      { kind: 'unavailable' },
    ],
    [
      'a renewal',
      () => HttpResponse.json({ campaignId: 41, skipped: 0, renewed: 2 }),
      { kind: 'success', campaignId: 41, renewed: 2 },
    ],
    [
      'a renewal whose recipients get no new expiration date',
      () =>
        HttpResponse.json(
          { code: 'ERR_NO_VALIDITY', message: '…', count: 102, recipients: ['L-1', 'L-2'] },
          { status: 400 },
        ),
      { kind: 'no_validity', count: 102, recipients: ['L-1', 'L-2'] },
    ],
    [
      'a renewal whose rows give a date not after today',
      () =>
        HttpResponse.json(
          { code: 'ERR_VALID_UNTIL_PAST', message: '…', count: 1, recipients: ['L-3'], today: '2026-11-29' },
          { status: 400 },
        ),
      { kind: 'renewal_past', count: 1, recipients: ['L-3'] },
    ],
    ['a server failure', () => HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: 500 }), { kind: 'failure' }],
    [
      'a request the server could not read',
      () => HttpResponse.json({ code: 'VALIDATION_ERROR' }, { status: 400 }),
      { kind: 'failure' },
    ],
    ['no answer at all', () => HttpResponse.error(), { kind: 'firewall' }],
  ])('answers the modal for %s', async (_, reply, outcome) => {
    answer = reply as () => Response;
    expect(await publicationMethods.publish(request, { idempotencyKey: 'key', technicalFields: ['ID'] })).toEqual(
      outcome,
    );
  });
});

const row = (id: string, language = 'all'): ImportRow => ({ ID: id, Language: language, Email: `${id}@example.org` });

describe('splitIntoParts', () => {
  it('cuts rows into parts of at most the bound, in order', () => {
    const many = Array.from({ length: 12_001 }, (_, i) => row(`R${i}`));
    const parts = splitIntoParts(many, ['ID'], 5_000);
    expect(parts.map((part) => part.length)).toEqual([5_000, 5_000, 2_001]);
    expect(parts.flat()).toEqual(many);
  });

  it("keeps each recipient's rows in one part, even when the file does not keep them together", () => {
    const mixed = [row('A', 'en'), row('B', 'en'), row('C', 'en'), row('A', 'fr'), row('B', 'fr'), row('C', 'fr')];
    const parts = splitIntoParts(mixed, ['ID'], 3);
    expect(parts).toEqual([
      [row('A', 'en'), row('A', 'fr')],
      [row('B', 'en'), row('B', 'fr')],
      [row('C', 'en'), row('C', 'fr')],
    ]);
    for (const part of parts) expect(new Set(part.map((r) => r.ID)).size).toBe(1);
  });

  it('treats every row as its own recipient without technical fields', () => {
    const same = [row('A', 'en'), row('A', 'fr'), row('A', 'en')];
    expect(splitIntoParts(same, [], 2)).toEqual([[same[0], same[1]], [same[2]]]);
  });

  it('publishes in parts above 10,000 rows only', () => {
    expect(publishesInParts(10_000)).toBe(false);
    expect(publishesInParts(10_001)).toBe(true);
  });
});

describe('publishing above 10,000 rows', () => {
  const many: PublishBody = {
    templateId: 1,
    data: Array.from({ length: 12_000 }, (_, i) => row(`R${i}`)),
    contentType: 'json',
    notes: 'Big',
    'automated-emailing': false,
  };

  it('creates the upload, sends each part with its progress, then commits them as one campaign', async () => {
    const progress: number[] = [];
    const outcome = await publicationMethods.publish(many, {
      idempotencyKey: 'parts-1',
      technicalFields: ['ID'],
      onProgress: (p) => progress.push(p.sent),
    });
    expect(outcome).toEqual({ kind: 'success', campaignId: 42 });
    expect(partCalls).toEqual([
      'create 1 Big',
      'part 1 of 7: 5000 rows',
      'part 2 of 7: 5000 rows',
      'part 3 of 7: 2000 rows',
      'commit 7: 3 parts, key parts-1',
    ]);
    expect(progress).toEqual([0, 5_000, 10_000, 12_000]);
    expect(seen).toEqual([]);
  });

  it('retries from the part that failed, in the same upload, under the same idempotency key', async () => {
    failPart = 2;
    const options = { idempotencyKey: 'parts-2', technicalFields: ['ID'] };
    expect(await publicationMethods.publish(many, options)).toEqual({ kind: 'firewall' });
    expect(await publicationMethods.publish(many, options)).toEqual({ kind: 'success', campaignId: 42 });
    expect(partCalls.map((call) => call.split(':')[0])).toEqual([
      'create 1 Big',
      'part 1 of 7',
      'part 2 of 7',
      'part 2 of 7',
      'part 3 of 7',
      'commit 7',
    ]);
  });
  it('asks about recipients the commit finds holding a certificate, then commits the same upload with the choice', async () => {
    heldOnCommit = true;
    const options = { idempotencyKey: 'parts-3', technicalFields: ['ID'] };
    const asked = await publicationMethods.publish(many, options);
    expect(asked).toMatchObject({ kind: 'duplicates', report: { recipients: 12_000, count: 2 } });
    // the page's choice: the parts already accepted are not sent again, the commit carries the choice
    expect(await publicationMethods.publish({ ...many, duplicateBehavior: 'skip' }, options)).toEqual({
      kind: 'success',
      campaignId: 42,
    });
    // replace is not sent with parts (the page does not offer it there)
    expect(partCalls.filter((call) => call.startsWith('commit'))).toEqual([
      'commit 7: 3 parts, key parts-3',
      'commit 7: 3 parts, key parts-3, skip',
    ]);
    expect(partCalls.filter((call) => call.startsWith('part'))).toHaveLength(3);
  });
});
