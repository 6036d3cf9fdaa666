import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../session/tokenStorage';
import { reissueMethods } from './reissue';
import { recordingServer } from './testServer';

const api = recordingServer();
const KEY = 'a'.repeat(128);
const body = { certificates: [{ key: KEY, changes: { lastName: 'Lovelace' } }], reason: 'Misspelt' };

describe('the corrected re-issue call', () => {
  it('posts the certificates and the reason, and answers how many were replaced', async () => {
    storeToken('a.b.c');
    api.answer = () =>
      HttpResponse.json({ replaced: 1, campaignId: 9, campaignIds: [9], certificates: [{ old: KEY, new: 'b' }] });
    expect(await reissueMethods.reissueCertificates(body, 'key-1')).toEqual({
      kind: 'success',
      replaced: 1,
      certificates: [{ old: KEY, new: 'b' }],
    });
    expect(api.calls()).toEqual([['POST', '/api/admin/certificates/reissue', body]]);
    expect(api.seen[0].key).toBe('key-1');
  });

  it('turns each refusal into what the dialog says', async () => {
    const refused = (status: number, answer: object) => {
      api.answer = () => HttpResponse.json(answer, { status });
      return reissueMethods.reissueCertificates(body, 'key-2');
    };
    expect(
      await refused(409, {
        code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
        certificates: [
          { key: KEY, reason: 'expired' },
          { key: 'c', reason: 'something new' },
        ],
      }),
    ).toEqual({
      kind: 'not_replaceable',
      certificates: [
        { key: KEY, reason: 'expired' },
        { key: 'c', reason: 'not_valid' },
      ],
    });
    expect(await refused(400, { code: 'ERR_NOTHING_CHANGED', keys: [KEY] })).toEqual({
      kind: 'nothing_changed',
      keys: [KEY],
    });
    expect(await refused(400, { code: 'ERR_REPEATED_CERTIFICATES', keys: [KEY] })).toEqual({
      kind: 'repeated',
      keys: [KEY],
    });
    expect(await refused(400, { code: 'ERR_REASON_REQUIRED' })).toEqual({ kind: 'reason_required' });
    expect(await refused(402, { code: 'NOT_ENOUGH_CREDITS', needed: 3, current: 1 })).toEqual({
      kind: 'not_enough_credits',
      needed: 3,
      current: 1,
    });
    // the corrected rows refused as a publish refuses rows: the import errors, and the register's data errors
    expect(
      await refused(400, {
        code: 'ERR_PUBLICATION_ERROR',
        errors: [{ code: 'ERR_MISSING_VALUES', details: ['D2'], more: 0 }],
      }),
    ).toEqual({ kind: 'rejected', errors: [{ code: 'ERR_MISSING_VALUES', details: ['D2'], more: 0 }], lines: [] });
    expect(await refused(400, { code: 'ERR_CPF_INCORRECT_DATA', data: { lastName: 'too long' } })).toEqual({
      kind: 'rejected',
      errors: [],
      lines: ['lastName: too long'],
    });
    expect(await refused(500, { code: 'INTERNAL' })).toEqual({ kind: 'failure', status: 500 });
  });
});
