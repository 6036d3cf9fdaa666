import { CERTIFICATE_STATUS } from './certificates';

/**
 * Taking a certificate into a wallet from its mail or its public page (issue 30, "only the recipient claims"),
 * shared by the server (mail, page, routes) and the tests.
 */

/** A mailed code: this many digits, valid this long, this many wrong tries. */
export const WALLET_CODE_LENGTH = 6;
export const WALLET_CODE_TTL_SECONDS = 15 * 60;
export const WALLET_CODE_MAX_ATTEMPTS = 5;
export const WALLET_CODE_PATTERN = /^\d{6}$/;

/**
 * Whether a certificate goes into a wallet from its mail and page: signed (its credential exists), valid (not
 * disabled, expired, deleted or replaced), and not an NFT's: an NFT certificate is taken by claiming its token on
 * its claim page, and its credential is public only once its holder reveals it.
 */
export function canGoIntoWallet(certificate: { statusId: number; signed: boolean; isNft: boolean }): boolean {
  return certificate.signed && !certificate.isNft && certificate.statusId === CERTIFICATE_STATUS.validated;
}

/** An address as the page may show it: its first letter and its domain (`j***@example.org`). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
