import fs from 'node:fs';

/**
 * JSON-LD contexts are answered from the files beside this module, never fetched: signing and verifying work
 * offline and a changed remote context cannot change what our signatures mean. SOURCES.md says where each
 * file comes from.
 */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3P0_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/**
 * VC 1.1's context: what the DIDAuth presentations of Learner Credential Wallet builds before 2.1 carry (their
 * @digitalcredentials/vc 6 made VC 1.1 presentations). Read only to verify what others signed.
 */
export const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
/** The Ed25519Signature2020 suite's context: what wallets (the Learner Credential Wallet) sign with. */
export const ED25519_2020_CONTEXT = 'https://w3id.org/security/suites/ed25519-2020/v1';

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
  /** 'static' lets jsonld keep the processed context between calls (the main cost of signing otherwise) */
  tag?: 'static';
}

export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

function readContext(file: string): unknown {
  return JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
}

const shippedContexts: ReadonlyMap<string, unknown> = new Map([
  [VC_V2_CONTEXT, readContext('./credentials-v2.json')],
  [OB_V3P0_CONTEXT, readContext('./ob-v3p0-context-3.0.3.json')],
  [ED25519_2020_CONTEXT, readContext('./ed25519-signature-2020-v1.json')],
  [VC_V1_CONTEXT, readContext('./credentials-v1.json')],
]);

/** The addresses this loader answers without `documents`. */
export const shippedContextUrls: readonly string[] = [...shippedContexts.keys()];

/**
 * A loader answering our shipped contexts, plus `documents` (for example our own issuers' DID documents and
 * status list credentials when we verify what we issued); any other address is refused.
 */
export function createDocumentLoader(documents: Readonly<Record<string, unknown>> = {}): DocumentLoader {
  return async (url) => {
    const context = shippedContexts.get(url);
    if (context !== undefined) return { contextUrl: null, documentUrl: url, document: context, tag: 'static' };
    if (Object.hasOwn(documents, url)) return { contextUrl: null, documentUrl: url, document: documents[url] };
    throw new Error(`document ${url} is not available offline: only shipped contexts and known documents load`);
  };
}

/** The contexts alone: what signing needs. */
export const contextDocumentLoader: DocumentLoader = createDocumentLoader();
