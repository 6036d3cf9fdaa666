import https from 'node:https';
import net from 'node:net';
import { forbiddenAddressKind, pinnedLookup, resolveHost, type ResolvedAddress } from '../webhooks/addressPolicy';

/**
 * What the verifier may read from another site on a visitor's behalf: a foreign issuer's did:web document and
 * its Bitstring status lists. Only https, only public addresses (no IP literal, no reserved name, no host that
 * resolves to a private, loopback or link-local address), with a timeout and a size limit; anything else is
 * "not available" and the check it served says "unknown".
 */
export const FOREIGN_FETCH = { timeoutMs: 5_000, maxBytes: 512 * 1024 };

/** RFC 2606 / 6761 names that never resolve on the Internet (and that tests use for foreign issuers). */
const RESERVED_NAME = /(^|\.)(example|test|invalid|localhost|local|internal)$/i;

export type ForeignFetcher = (url: string) => Promise<unknown>;

/**
 * GETs `url` over https from exactly `address` (the one checked: a second resolution of the name could answer a
 * private address, DNS rebinding), with the time and size limits; the JSON, or null.
 */
function getPinned(url: URL, address: ResolvedAddress): Promise<unknown> {
  return new Promise((resolve) => {
    const request = https.get(
      url,
      {
        headers: { accept: 'application/json, application/ld+json, application/did+json' },
        agent: false,
        lookup: pinnedLookup(address),
        timeout: FOREIGN_FETCH.timeoutMs,
      },
      (response) => {
        // redirects are never followed (https.get does not); anything but 200 is "not available"
        const declared = Number(response.headers['content-length'] ?? 0);
        if (response.statusCode !== 200 || declared > FOREIGN_FETCH.maxBytes) {
          response.destroy();
          resolve(null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > FOREIGN_FETCH.maxBytes) {
            response.destroy();
            resolve(null);
          } else chunks.push(chunk);
        });
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
          } catch {
            resolve(null);
          }
        });
        response.on('error', () => resolve(null));
      },
    );
    const deadline = setTimeout(() => request.destroy(), FOREIGN_FETCH.timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/**
 * GETs a JSON document from a public https address, or null when it cannot or may not be read. Every address the
 * name resolves to must pass the webhooks' address policy (one bad address is enough to refuse, as the system could
 * pick it), and the connection goes to the address checked.
 */
export const fetchForeignJson: ForeignFetcher = async (url) => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  if (net.isIP(host) || RESERVED_NAME.test(host)) return null;
  try {
    const addresses = await resolveHost(host);
    if (addresses.length === 0 || addresses.some((entry) => forbiddenAddressKind(entry.address) !== null)) return null;
    return await getPinned(parsed, addresses[0]);
  } catch {
    return null;
  }
};

/** The address of a did:web DID's document (did:web:host[:path…] → https://host/path…/did.json), or null. */
export function didWebDocumentUrl(did: string): string | null {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match) return null;
  const host = decodeURIComponent(match[1]);
  const path = match[2] ? match[2].slice(1).split(':').map(decodeURIComponent).join('/') : '.well-known';
  try {
    return new URL(`https://${host}/${path}/did.json`).href;
  } catch {
    return null;
  }
}

export interface DidDocument {
  '@context'?: unknown;
  id: string;
  verificationMethod?: { id: string; type?: string; controller?: string; publicKeyMultibase?: string }[];
  assertionMethod?: unknown[];
  authentication?: unknown[];
}

/**
 * A did:key DID's document, made locally (nothing to fetch): an Ed25519 key (z6Mk…) as a Multikey verification
 * method usable for assertions and authentication. Other key types are not resolved (null).
 */
export function didKeyDocument(did: string): DidDocument | null {
  const match = /^did:key:(z6Mk[1-9A-HJ-NP-Za-km-z]{40,50})$/.exec(did);
  if (!match) return null;
  const id = `${did}#${match[1]}`;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [{ id, type: 'Multikey', controller: did, publicKeyMultibase: match[1] }],
    assertionMethod: [id],
    authentication: [id],
  };
}
