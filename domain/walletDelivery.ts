import { CERTIFICATE_STATUS } from './certificates';

/**
 * Taking a certificate into a wallet from its mail or its public page (issue 30, "only the recipient claims"),
 * shared by the server (mail, page, routes) and the tests. The page's mailed code: domain/recipientCodes.ts.
 */

/**
 * Whether a certificate goes into a wallet from its mail and page: signed (its credential exists), valid (not
 * disabled, expired, deleted or replaced), and not an NFT's: an NFT certificate is taken by claiming its token on
 * its claim page, and its credential is public only once its holder reveals it.
 */
export function canGoIntoWallet(certificate: {
  statusId: number;
  signed: boolean;
  isNft: boolean;
  /** past its expiration date (a validated certificate is not marked expired until read) */
  expired: boolean;
}): boolean {
  return (
    certificate.signed &&
    !certificate.isNft &&
    !certificate.expired &&
    certificate.statusId === CERTIFICATE_STATUS.validated
  );
}
