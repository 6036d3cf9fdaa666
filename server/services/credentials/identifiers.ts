/**
 * The public addresses of what we issue, all derived from PUBLIC_URL so that they stay stable as long as it
 * does. The issuer is a did:web DID: verifiers resolve it to `<PUBLIC_URL>/ob/issuers/<id>/did.json`, a DID
 * document listing the issuer's public keys (see docs/credentials.md).
 */

export type StatusPurpose = 'revocation' | 'suspension';

export const STATUS_PURPOSES: readonly StatusPurpose[] = ['revocation', 'suspension'];

/** PUBLIC_URL split into its origin and its path without a trailing slash ('' at the root). */
function base(publicUrl: string): { origin: string; host: string; hostname: string; port: string; path: string } {
  const url = new URL(publicUrl);
  if (url.search || url.hash) throw new Error(`the public address must not have a query or fragment: ${publicUrl}`);
  return {
    origin: url.origin,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    path: url.pathname.replace(/\/+$/, ''),
  };
}

function under(publicUrl: string, path: string): string {
  const { origin, path: prefix } = base(publicUrl);
  return `${origin}${prefix}${path}`;
}

function issuerPath(issuerId: number): string {
  if (!Number.isSafeInteger(issuerId) || issuerId <= 0) throw new Error(`not an issuer id: ${issuerId}`);
  return `/ob/issuers/${issuerId}`;
}

/**
 * did:web:<host>[%3A<port>]:<path segments…>:ob:issuers:<id>. The did:web method resolves it over https to
 * `issuerDidDocumentUrl`, whatever the scheme of PUBLIC_URL (so only an https PUBLIC_URL is resolvable).
 */
export function issuerDid(publicUrl: string, issuerId: number): string {
  const { hostname, port, path } = base(publicUrl);
  const host = port ? `${hostname}%3A${port}` : hostname;
  const segments = `${path}${issuerPath(issuerId)}`.split('/').filter(Boolean);
  return ['did', 'web', host, ...segments.map((segment) => encodeURIComponent(decodeURIComponent(segment)))].join(':');
}

/** Where the DID document of `issuerDid` must be served (did:web: the DID's path + /did.json, over https). */
export function issuerDidDocumentUrl(publicUrl: string, issuerId: number): string {
  const { host, path } = base(publicUrl);
  return `https://${host}${path}${issuerPath(issuerId)}/did.json`;
}

/** The verification method of one of the issuer's keys; versions count from 1 and are never reused. */
export function verificationMethodId(publicUrl: string, issuerId: number, keyVersion: number): string {
  return `${issuerDid(publicUrl, issuerId)}#key-${keyVersion}`;
}

/** The BitstringStatusListCredential of an issuer for one purpose. */
export function statusListCredentialUrl(publicUrl: string, issuerId: number, purpose: StatusPurpose): string {
  return under(publicUrl, `${issuerPath(issuerId)}/status/${purpose}`);
}

/** The signed credential of a certificate, served as JSON. */
export function credentialUrl(publicUrl: string, certificateKey: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(certificateKey)) throw new Error(`not a certificate key: ${certificateKey}`);
  return under(publicUrl, `/ob/credentials/${certificateKey}`);
}

/** The certificate key of one of our credential addresses (credentialUrl's inverse), or null. */
export function certificateKeyOfCredentialId(publicUrl: string, id: string | null): string | null {
  const prefix = under(publicUrl, '/ob/credentials/');
  if (!id?.startsWith(prefix)) return null;
  const key = id.slice(prefix.length);
  return /^[A-Za-z0-9]{1,128}$/.test(key) ? key : null;
}

/**
 * A template's Achievement in one language: each language is its own Achievement (OB 3.0 links translations
 * as related achievements), so the same id never carries two different names.
 */
export function achievementUrl(publicUrl: string, templateId: number, language: string): string {
  if (!Number.isSafeInteger(templateId) || templateId <= 0) throw new Error(`not a template id: ${templateId}`);
  return under(publicUrl, `/ob/achievements/${templateId}/${encodeURIComponent(language)}`);
}

/**
 * Open Badges 2.0 hosted documents, for platforms that read only 2.0: the assertion of a certificate, the
 * BadgeClass of a template in one language, and the issuer's Profile.
 */
export function ob2AssertionUrl(publicUrl: string, certificateKey: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(certificateKey)) throw new Error(`not a certificate key: ${certificateKey}`);
  return under(publicUrl, `/ob/v2/assertions/${certificateKey}`);
}

export function ob2BadgeClassUrl(publicUrl: string, templateId: number, language: string): string {
  if (!Number.isSafeInteger(templateId) || templateId <= 0) throw new Error(`not a template id: ${templateId}`);
  return under(publicUrl, `/ob/v2/badges/${templateId}/${encodeURIComponent(language)}`);
}

export function ob2IssuerUrl(publicUrl: string, issuerId: number): string {
  return under(publicUrl, `/ob/v2${issuerPath(issuerId).replace('/ob', '')}`);
}

/** The certificate's public page, which links its credential. */
export function certificatePageUrl(publicUrl: string, certificateKey: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(certificateKey)) throw new Error(`not a certificate key: ${certificateKey}`);
  return under(publicUrl, `/certificate/${certificateKey}`);
}
