import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../dataProvider/apiErrors';
import {
  emailableRows,
  offeredOperations,
  operationFailure,
  operationKeys,
  permittedOperations,
  printableRows,
} from './certificateOperations';

const context = { canAct: true, nft: false, fieldsToCertified: 'Email' };
const line = (StatusID: number, key = `k${StatusID}`, hasEmail = true) => ({ StatusID, key, hasEmail });

describe('certificate operations', () => {
  it('offers what the selection allows: disable 1/13/14, enable 9, delete active or disabled', () => {
    expect(offeredOperations(context, [line(1)])).toEqual(['disable', 'delete']);
    expect(offeredOperations(context, [line(9)])).toEqual(['enable', 'delete']);
    expect(offeredOperations(context, [line(1), line(9)])).toEqual(['disable', 'enable', 'delete']);
    expect(offeredOperations(context, [line(3), line(6)])).toEqual([]);
    expect(offeredOperations(context, [])).toEqual([]);
  });

  it('offers no delete on NFT templates, no enable or disable without fields to certify, nothing to Readers', () => {
    expect(offeredOperations({ ...context, nft: true }, [line(14)])).toEqual(['disable']);
    expect(offeredOperations({ ...context, fieldsToCertified: ' ' }, [line(1), line(9)])).toEqual(['delete']);
    expect(offeredOperations({ ...context, canAct: false }, [line(1)])).toEqual([]);
    expect(permittedOperations(context)).toEqual(['disable', 'enable', 'delete']);
    expect(permittedOperations({ ...context, canAct: false })).toEqual([]);
  });

  it('sends only the keys whose status the operation applies to', () => {
    const selection = [line(1, 'a'), line(9, 'b'), line(3, 'c'), line(13, 'd')];
    expect(operationKeys('disable', selection)).toEqual(['a', 'd']);
    expect(operationKeys('enable', selection)).toEqual(['b']);
    expect(operationKeys('delete', selection)).toEqual(['a', 'b', 'd']);
  });

  it('emails active lines with an address, prints enabled ones', () => {
    const rows = [line(1, 'a'), line(11, 'b'), line(9, 'c'), line(1, 'd', false)];
    expect(emailableRows(rows).map((row) => row.key)).toEqual(['a', 'b']);
    expect(printableRows(rows).map((row) => row.key)).toEqual(['a', 'd']);
  });

  it('reads a failure as its status and the refusal reason', () => {
    const refused = new HttpError('refused', 409, { code: 'OPERATION_REFUSED', reason: 'nft' });
    expect(operationFailure(refused)).toEqual({ status: 409, reason: 'nft' });
    expect(operationFailure(new HttpError('forbidden', 403, {}))).toEqual({ status: 403, reason: null });
    expect(operationFailure(new NetworkError())).toEqual({ status: 0, reason: null });
  });
});
