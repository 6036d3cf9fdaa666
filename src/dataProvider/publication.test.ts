import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRow } from '../../domain/import';
import { publicationMethods, type PublishBody } from './publication';

interface Seen {
  key: string | null;
  type: string | null;
  json: unknown;
  archive: string | null;
}
const seen: Seen[] = [];
let answer: () => Response = () => HttpResponse.json({ campaignId: 41 });

const server = setupServer(
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
    expect(await publicationMethods.publish(request, null, 'key-1')).toEqual({ kind: 'success', campaignId: 41 });
    expect(seen).toEqual([{ key: 'key-1', type: 'application/json', json: request, archive: null }]);
  });

  it('sends the archive as multipart: the JSON as body, the .zip as file', async () => {
    await publicationMethods.publish(request, new File(['zip'], 'files.zip'), 'key-2');
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
    ['a server failure', () => HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: 500 }), { kind: 'failure' }],
    [
      'a request the server could not read',
      () => HttpResponse.json({ code: 'VALIDATION_ERROR' }, { status: 400 }),
      { kind: 'failure' },
    ],
    ['no answer at all', () => HttpResponse.error(), { kind: 'firewall' }],
  ])('answers the modal for %s', async (_, reply, outcome) => {
    answer = reply as () => Response;
    expect(await publicationMethods.publish(request, null, 'key')).toEqual(outcome);
  });
});
