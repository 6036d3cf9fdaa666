import { describe, expect, it } from 'vitest';
import type { DuplicatesReport } from '../../../../domain/duplicates';
import { certificatesAfterChoice, duplicateChoice } from './duplicateChoice';

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
});
