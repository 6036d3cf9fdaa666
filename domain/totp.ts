import { Secret, TOTP } from 'otpauth';
import { isTotpCodeFormat, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_SECRET_BYTES, TOTP_WINDOW } from './totpFormat';

export { isTotpCodeFormat, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_SECRET_BYTES, TOTP_WINDOW };

export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

export function isTotpSecret(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z2-7]+=*$/.test(value)) return false;
  try {
    return Secret.fromBase32(value).bytes.length === TOTP_SECRET_BYTES;
  } catch {
    return false;
  }
}

export function totpFor(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** True when the code matches within ±TOTP_WINDOW steps of `timestamp`. */
export function verifyTotp(secretBase32: string, code: string, timestamp = Date.now()): boolean {
  if (!isTotpCodeFormat(code)) return false;
  return totpFor(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW }) !== null;
}

/** The time step (30-second counter) a code matches within ±TOTP_WINDOW steps of `timestamp`, or null. */
export function matchedTotpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  if (!isTotpCodeFormat(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totpFor(secretBase32, account, issuer).toString();
}
