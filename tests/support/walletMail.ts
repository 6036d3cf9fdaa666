import type { ReceivedMail } from './smtpSink';

/**
 * What the wallet-delivery tests (server and browser, issue 30) read in a certificate mail: the OID4VCI offer link
 * and an inline image. The wallet that takes the offer is `oid4vciWallet.ts`.
 */

/** An OID4VCI offer link as a mail or a page shows it (the text part; in HTML, `&amp;` is not part of it). */
export const OFFER_URI = /openid-credential-offer:\/\/\?credential_offer_uri=[^\s"<>&]+/;

/** The MIME part holding `cid`, decoded (base64), with its headers. */
export function inlinePart(mail: ReceivedMail, cid: string): { headers: string; content: Buffer } {
  const at = mail.raw.indexOf(`Content-ID: <${cid}>`);
  if (at < 0) throw new Error(`no part with Content-ID <${cid}>`);
  const start = mail.raw.lastIndexOf('\r\n--', at);
  const bodyAt = mail.raw.indexOf('\r\n\r\n', at);
  const end = mail.raw.indexOf('\r\n--', bodyAt);
  return {
    headers: mail.raw.slice(start, bodyAt),
    content: Buffer.from(mail.raw.slice(bodyAt + 4, end).replace(/\s+/g, ''), 'base64'),
  };
}
