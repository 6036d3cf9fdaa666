import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { isTotpCodeFormat, isTotpSecret, matchedTotpStep, newTotpSecret, totpFor, totpUri, verifyTotp } from './totp';

const STEP = 30_000;

describe('second factor', () => {
  it('makes 20-byte secrets', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(isTotpSecret(secret)).toBe(true);
    expect(isTotpSecret('ABCDEFGH')).toBe(false);
    expect(isTotpSecret('not base32')).toBe(false);
  });

  it('checks the 6-digit format', () => {
    expect(isTotpCodeFormat('123456')).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '', 123456]) expect(isTotpCodeFormat(code)).toBe(false);
  });

  it('accepts codes up to 4 steps of 30 s away, and no further', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const codeAt = (steps: number) => totpFor(secret).generate({ timestamp: now + steps * STEP });
    for (const steps of [-4, -1, 0, 1, 4]) expect(verifyTotp(secret, codeAt(steps), now)).toBe(true);
    for (const steps of [-6, 6]) expect(verifyTotp(secret, codeAt(steps), now)).toBe(false);
  });

  it('names the time step a code belongs to, so that each step is accepted once', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 22, 12, 0, 10);
    const step = Math.floor(now / STEP);
    const codeAt = (steps: number) => totpFor(secret).generate({ timestamp: now + steps * STEP });
    for (const steps of [-4, -1, 0, 2, 4]) expect(matchedTotpStep(secret, codeAt(steps), now)).toBe(step + steps);
    expect(matchedTotpStep(secret, codeAt(6), now)).toBeNull();
    expect(matchedTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes an otpauth address for authenticator apps', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'ada@example.org', 'Laurel');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Laurel:ada%40example\.org\?/);
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });
});
