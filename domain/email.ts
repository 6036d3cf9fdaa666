/**
 * Email checks shared by the login screen, the server and every form that takes an address.
 * The pattern is deliberately practical (one @, a dotted domain, no spaces or angle brackets) rather than
 * the full RFC 5322 grammar, which accepts addresses no mail system delivers to.
 */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

export const EMAIL_MAX_LENGTH = 254;

/** Trims, drops control and invisible characters and lowercases, as a user expects an address to be read. */
export function sanitizeEmail(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\s]/gu, '')
    .toLowerCase();
}

/** Valid only if a non-empty, non-blank string passing the email check (spec 000 section 5). */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value.trim() === '' || value.length > EMAIL_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
