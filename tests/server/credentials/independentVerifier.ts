import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import {
  contextDocumentLoader,
  type RemoteDocument,
} from '../../../server/services/credentials/contexts/documentLoader';

/**
 * A verifier built only from registry libraries (@digitalbazaar/vc, its Data Integrity suite, the Bitstring
 * Status List checker), resolving did:web the way the method says, against `site`: the documents our server
 * would answer at each https address. Contexts come from our shipped files; nothing touches the network.
 */
export function didWebDocumentUrl(did: string): string {
  const [method, , host, ...path] = did.split(':');
  if (method !== 'did' || !did.startsWith('did:web:')) throw new Error(`not a did:web DID: ${did}`);
  const segments = path.length > 0 ? path.map(decodeURIComponent).join('/') : '.well-known';
  return `https://${decodeURIComponent(host)}/${segments}/did.json`;
}

export function siteDocumentLoader(site: Record<string, unknown>) {
  return async (url: string): Promise<RemoteDocument> => {
    const served = (address: string) => {
      if (!Object.hasOwn(site, address)) throw new Error(`404 ${address}`);
      return structuredClone(site[address]) as Record<string, unknown>;
    };
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const didDocument = served(didWebDocumentUrl(did));
      if (didDocument.id !== did) throw new Error(`the document of ${did} names ${String(didDocument.id)}`);
      if (fragment === undefined) return { contextUrl: null, documentUrl: url, document: didDocument };
      const methods = didDocument.verificationMethod as { id: string }[];
      const method = methods.find((candidate) => candidate.id === url);
      if (!method) throw new Error(`${did} has no verification method ${url}`);
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': 'https://w3id.org/security/multikey/v1', ...method },
      };
    }
    if (url.startsWith('https://') && Object.hasOwn(site, url)) {
      return { contextUrl: null, documentUrl: url, document: served(url) };
    }
    return contextDocumentLoader(url);
  };
}

export interface VerificationOutcome {
  /** the library's verdict: signature, dates, and a status check that ran (it stays true when revoked) */
  verified: boolean;
  errors: string[];
  /** true where a status bit is set, per purpose */
  status: Partial<Record<'revocation' | 'suspension', boolean>>;
}

export async function verifyIndependently(
  credential: object,
  site: Record<string, unknown>,
  now?: Date,
): Promise<VerificationOutcome> {
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  const documentLoader = siteDocumentLoader(site);
  const result = await vc.verifyCredential({
    credential,
    suite,
    documentLoader,
    checkStatus,
    ...(now ? { now } : {}),
  });
  const errors: string[] = [];
  const collect = (error: unknown) => {
    if (!error) return;
    const { message, errors: inner } = error as { message?: string; errors?: unknown[] };
    if (Array.isArray(inner) && inner.length > 0) inner.forEach(collect);
    else errors.push(String(message));
  };
  collect(result.error);
  collect(result.statusResult?.error);
  const status: VerificationOutcome['status'] = {};
  for (const entry of result.statusResult?.results ?? []) {
    const { statusPurpose } = entry.credentialStatus as { statusPurpose: 'revocation' | 'suspension' };
    status[statusPurpose] = entry.status;
  }
  return { verified: result.verified, errors, status };
}
