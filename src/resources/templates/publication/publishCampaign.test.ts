import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../../domain/import';
import { certificatesNeeded } from './publishCampaign';

const rows: ImportRow[] = [
  { ID: '1', Language: 'en', Email: 'ada@example.org' },
  { ID: '1', Language: 'fr', Email: 'ada@example.org' },
  { ID: '2', Language: 'all', Email: 'bob@example.org' },
];

describe('the credits a publish needs', () => {
  it('counts one certificate per recipient, whatever its language rows', () => {
    expect(certificatesNeeded(rows, ['ID'])).toBe(2);
    expect(certificatesNeeded(rows, [])).toBe(3);
  });
});
