/**
 * Codes mailed to a certificate's address, proving that the visitor of its public page holds that address (issue
 * 30, "only the recipient claims"; the recipient's correction requests, issue 28). Shared by the server and the tests.
 */

/** What a code is for: a code mailed for one purpose does not serve another. */
export const RECIPIENT_CODE_PURPOSES = ['wallet', 'correction'] as const;
export type RecipientCodePurpose = (typeof RECIPIENT_CODE_PURPOSES)[number];

/** A mailed code: this many digits, valid this long, this many wrong tries. */
export const RECIPIENT_CODE_LENGTH = 6;
export const RECIPIENT_CODE_TTL_SECONDS = 15 * 60;
export const RECIPIENT_CODE_MAX_ATTEMPTS = 5;
export const RECIPIENT_CODE_PATTERN = /^\d{6}$/;

/** An address as the page may show it: its first letter and its domain (`j***@example.org`). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
