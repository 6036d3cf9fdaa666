import { describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../../domain/credentialVerification';
import { initialVerifyState, requestFor, verifyErrorFor, verifyReducer } from './verifyState';

const report: VerificationReport = {
  verified: true,
  checks: [],
  credential: {
    id: null,
    name: null,
    issuer: { id: null, name: null },
    validFrom: null,
    validUntil: null,
    anchored: false,
  },
};

describe('the verifier page state', () => {
  it('reads a pasted address, key or credential', () => {
    expect(requestFor(' https://laurel.example/certificate/abc ')).toEqual({
      url: 'https://laurel.example/certificate/abc',
    });
    expect(requestFor('A1b2C3')).toEqual({ key: 'A1b2C3' });
    expect(requestFor('{"id": "x"}')).toEqual({ credential: { id: 'x' } });
    expect(requestFor('{not json')).toBeNull();
    expect(requestFor('[1]')).toBeNull();
    expect(requestFor('two words')).toBeNull();
    expect(requestFor('k'.repeat(129))).toBeNull();
  });

  it('knows the server codes it explains, and reads any other as generic', () => {
    expect(verifyErrorFor('FOREIGN_URL')).toBe('FOREIGN_URL');
    expect(verifyErrorFor('INTERNAL_ERROR')).toBe('generic');
    expect(verifyErrorFor(undefined)).toBe('generic');
  });

  it('goes idle → checking → done, and ignores a late report after a reset', () => {
    const checking = verifyReducer(initialVerifyState, { type: 'start', source: 'badge.png' });
    expect(checking).toEqual({ status: 'checking', source: 'badge.png' });
    expect(verifyReducer(checking, { type: 'report', report })).toEqual({
      status: 'done',
      source: 'badge.png',
      report,
    });
    expect(verifyReducer(initialVerifyState, { type: 'report', report })).toEqual(initialVerifyState);
    expect(verifyReducer(checking, { type: 'failed', error: 'network' })).toEqual({
      status: 'error',
      error: 'network',
    });
    expect(verifyReducer(checking, { type: 'reset' })).toEqual(initialVerifyState);
  });
});
