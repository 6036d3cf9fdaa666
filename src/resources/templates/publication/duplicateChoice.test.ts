import { describe, expect, it } from 'vitest';
import type { DuplicatesReport } from '../../../../domain/duplicates';
import { asksDuplicates, certificatesAfterChoice, duplicateChoice, renewOffered } from './duplicateChoice';

const report: DuplicatesReport = {
  recipients: 5,
  count: 2,
  duplicates: [
    { row: 2, recipient: 'L-1', certificateKey: 'a'.repeat(128) },
    { row: 3, recipient: 'L-2', certificateKey: 'b'.repeat(128) },
  ],
};

describe('the choice about recipients who already hold a certificate', () => {
  it('charges only the new ones when they are left out, everyone when they are issued again', () => {
    expect(certificatesAfterChoice(5, report, 'skip')).toBe(3);
    expect(certificatesAfterChoice(5, report, 'allow')).toBe(5);
    expect(certificatesAfterChoice(5, report, 'deny')).toBe(5);
    expect(certificatesAfterChoice(1, report, 'skip')).toBe(0);
    // replacing issues everyone, as issuing again does (free only on a plan whose corrections are free)
    expect(certificatesAfterChoice(5, report, 'replace')).toBe(5);
  });

  it('is sent as the behavior with the certificates it leaves out', () => {
    expect(duplicateChoice(report, 'skip')).toEqual({ behavior: 'skip', skipped: 2 });
    expect(duplicateChoice(report, 'allow')).toEqual({ behavior: 'allow', skipped: 0 });
    expect(duplicateChoice(report, 'replace', '  Corrected names ')).toEqual({
      behavior: 'replace',
      skipped: 0,
      reason: 'Corrected names',
    });
  });

  it('renews everyone who holds one, valid or expired, when the renewed certificates get an expiry', () => {
    expect(certificatesAfterChoice(5, report, 'renew')).toBe(5);
    expect(duplicateChoice(report, 'renew')).toEqual({ behavior: 'renew', skipped: 0 });
    const year = { amount: 1, unit: 'years' } as const;
    const row = { Language: 'en', Email: 'a@example.org' } as never;
    expect(renewOffered(year, [], false)).toBe(true);
    expect(renewOffered(null, [row], false)).toBe(false);
    expect(renewOffered(null, [{ ...(row as object), ExpirationDate: '2030-01-01' } as never], false)).toBe(true);
    expect(renewOffered(year, [], true)).toBe(false);
    // an expired certificate asks the question only when renewing is offered
    const expiredOnly = { ...report, count: 0, duplicates: [], renewable: 2 };
    expect(asksDuplicates(expiredOnly, true)).toBe(true);
    expect(asksDuplicates(expiredOnly, false)).toBe(false);
    expect(asksDuplicates(report, false)).toBe(true);
  });
});
