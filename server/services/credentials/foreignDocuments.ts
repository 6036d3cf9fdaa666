import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * What the verifier may read from another site on a visitor's behalf: a foreign issuer's did:web document and
 * its Bitstring status lists. Only https, only public addresses (no IP literal, no reserved name, no host that
 * resolves to a private, loopback or link-local address), with a timeout and a size limit; anything else is
 * "not available" and the check it served says "unknown".
 */
export const FOREIGN_FETCH = { timeoutMs: 5_000, maxBytes: 512 * 1024 };

/** RFC 2606 / 6761 names that never resolve on the Internet (and that tests use for foreign issuers). */
const RESERVED_NAME = /(^|\.)(example|test|invalid|localhost|local|internal)$/i;

function privateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return privateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

export type ForeignFetcher = (url: string) => Promise<unknown>;

/** GETs a JSON document from a public https address, or null when it cannot or may not be read. */
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
    const addresses = await dns.lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((entry) => privateAddress(entry.address))) return null;
    const answer = await fetch(parsed, {
      headers: { accept: 'application/json, application/ld+json, application/did+json' },
      redirect: 'error',
      signal: AbortSignal.timeout(FOREIGN_FETCH.timeoutMs),
    });
    if (!answer.ok || !answer.body) return null;
    const declared = Number(answer.headers.get('content-length') ?? 0);
    if (declared > FOREIGN_FETCH.maxBytes) return null;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > FOREIGN_FETCH.maxBytes) return null;
      chunks.push(chunk);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
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
