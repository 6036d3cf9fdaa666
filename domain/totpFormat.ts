/**
 * Second-factor parameters of spec 000 section 2.8 and the code's shape: what the sign-in screen needs, without
 * the TOTP library (domain/totp.ts), which stays off the first load.
 */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 4;

export function isTotpCodeFormat(code: unknown): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code);
}
