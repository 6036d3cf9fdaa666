import { headStatement } from '../../../domain/transparencyLog';

/**
 * The verify page's own check of an NFT certificate's place in its issuer's transparency log (issue 20), made in
 * the browser with WebCrypto from the public documents only (the batch's proof JSON, the credential's bytes, the
 * issuer's DID document), as docs/nft.md tells a third party to do: no explorer, no trust in the server's verdict.
 * Each step gives its own verdict, so the page can say which one failed.
 */

export type LedgerStep = 'leaf' | 'path' | 'head' | 'signature';
export const LEDGER_STEPS: readonly LedgerStep[] = ['leaf', 'path', 'head', 'signature'];

export interface LedgerCheckResult {
  verified: boolean;
  steps: Record<LedgerStep, boolean>;
  treeSize: number;
  leafIndex: number;
  rootHash: string;
  keyId: string;
  signedAt: string;
  /**
   * With an EVM chain (the proof JSON's `chain`, read by the server from the chain through its configured RPC,
   * never an explorer): whether the root the contract holds for this issuer and size is the head's root.
   */
  chain: { chainId: number; contract: string; txHash: string | null; anchored: boolean; unreadable: boolean } | null;
}

interface ProofJson {
  head: {
    issuerId: number;
    treeSize: number;
    rootHash: string;
    previousHeadHash: string | null;
    timestamp: string;
    headHash: string;
    keyId: string;
    signature: string;
  };
  leaf: { index: number; hash: string; auditPath: string[] } | null;
  chain?: {
    chainId: number;
    contract: string;
    txHash: string | null;
    anchoredRoot: string | null;
    /** the server's RPC node did not answer: the root on chain is unknown */
    unreadable?: boolean;
  } | null;
}

interface DidDocument {
  verificationMethod?: { id: string; publicKeyMultibase?: string }[];
}

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function fromBase58(text: string): Uint8Array<ArrayBuffer> {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new Error('not base58');
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 255n));
    n >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

const ONE = Uint8Array.of(1);

/** RFC 9162 section 2.1.3.2: the root an audit path leads to from a leaf hash, or null when it is malformed. */
export async function rootFromAuditPath(
  leafHash: Uint8Array,
  index: number,
  size: number,
  path: Uint8Array[],
): Promise<Uint8Array | null> {
  if (index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(ONE, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      r = await sha256(ONE, r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? r : null;
}

async function signatureVerifies(
  didDocument: DidDocument,
  keyId: string,
  statement: Uint8Array<ArrayBuffer>,
  signature: string,
) {
  const method = didDocument.verificationMethod?.find((candidate) => candidate.id === keyId);
  if (!method?.publicKeyMultibase?.startsWith('z')) return false;
  const multikey = fromBase58(method.publicKeyMultibase.slice(1));
  if (multikey.length !== 34 || multikey[0] !== 0xed || multikey[1] !== 0x01) return false;
  const key = await crypto.subtle.importKey('raw', new Uint8Array(multikey.slice(2)), { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(signature), statement);
}

/** Checks the credential's bytes against the proof: leaf hash, audit path to the root, head hash, head signature. */
export async function checkLedgerProof(
  proofDocument: unknown,
  credential: Uint8Array,
  didDocument: unknown,
): Promise<LedgerCheckResult> {
  const proof = proofDocument as ProofJson;
  if (!proof?.head || !proof.leaf) throw new Error('not a proof of a leaf');
  const { head, leaf } = proof;
  const steps: Record<LedgerStep, boolean> = { leaf: false, path: false, head: false, signature: false };
  const leafHash = await sha256(Uint8Array.of(0), credential);
  steps.leaf = toHex(leafHash) === leaf.hash.toLowerCase();
  try {
    const root = await rootFromAuditPath(leafHash, leaf.index, head.treeSize, leaf.auditPath.map(fromHex));
    steps.path = root !== null && toHex(root) === head.rootHash.toLowerCase();
  } catch {
    steps.path = false;
  }
  const statement = new TextEncoder().encode(headStatement(head));
  steps.head = toHex(await sha256(statement)) === head.headHash.toLowerCase();
  try {
    steps.signature = await signatureVerifies(didDocument as DidDocument, head.keyId, statement, head.signature);
  } catch {
    steps.signature = false;
  }
  const chain = proof.chain
    ? {
        chainId: proof.chain.chainId,
        contract: proof.chain.contract,
        txHash: proof.chain.txHash,
        anchored:
          typeof proof.chain.anchoredRoot === 'string' &&
          proof.chain.anchoredRoot.toLowerCase() === head.rootHash.toLowerCase(),
        unreadable: proof.chain.unreadable === true,
      }
    : null;
  return {
    verified: LEDGER_STEPS.every((step) => steps[step]) && (chain === null || chain.anchored),
    steps,
    treeSize: head.treeSize,
    leafIndex: leaf.index,
    rootHash: head.rootHash,
    keyId: head.keyId,
    signedAt: head.timestamp,
    chain,
  };
}
