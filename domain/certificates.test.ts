import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS, isActiveStatus, isExpired, statusAfter } from './certificates';

describe('certificate status rules', () => {
  it('disables validated, claimed and revealed certificates only', () => {
    expect(statusAfter('disable', 1)).toBe(9);
    expect(statusAfter('disable', 13)).toBe(9);
    expect(statusAfter('disable', 14)).toBe(9);
    expect(statusAfter('disable', 11)).toBeNull();
    expect(statusAfter('disable', 9)).toBeNull();
    expect(statusAfter('disable', 3)).toBeNull();
  });

  it('enables disabled certificates back to validated', () => {
    expect(statusAfter('enable', 9)).toBe(CERTIFICATE_STATUS.validated);
    expect(statusAfter('enable', 1)).toBeNull();
    expect(statusAfter('enable', 3)).toBeNull();
  });

  it('deletes active and disabled certificates, never twice', () => {
    for (const status of [1, 11, 13, 14, 9]) expect(statusAfter('delete', status)).toBe(3);
    expect(statusAfter('delete', 3)).toBeNull();
    expect(statusAfter('delete', 6)).toBeNull();
  });

  it('counts minting, claimed and revealed as active', () => {
    expect([1, 11, 13, 14].every(isActiveStatus)).toBe(true);
    expect([3, 6, 9].some(isActiveStatus)).toBe(false);
  });

  it('expires the day after the expiration date', () => {
    expect(isExpired(null, '2026-11-22')).toBe(false);
    expect(isExpired('2026-11-22', '2026-11-22')).toBe(false);
    expect(isExpired('2026-11-21', '2026-11-22')).toBe(true);
  });
});
