import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headStatement } from '../../../domain/transparencyLog';
import { checkLedgerProof } from './ledgerCheck';

// A real two-leaf log, hashed (RFC 6962) and signed (Ed25519) with node:crypto, independently of ledgerCheck.ts.
const H = (...parts: Uint8Array[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const credential = Buffer.from('{"id":"https://laurel.test/ob/credentials/KEY"}');
const other = Buffer.from('{"id":"https://laurel.test/ob/credentials/OTHER"}');
const leaf0 = H(Buffer.of(0), credential);
const leaf1 = H(Buffer.of(0), other);
const root = H(Buffer.of(1), leaf0, leaf1).toString('hex');

function base58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let text = '';
  while (n > 0n) {
    text = alphabet[Number(n % 58n)] + text;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
const keyId = 'did:web:laurel.test:ob:issuers:7#key-1';
const didDocument = {
  verificationMethod: [
    { id: keyId, publicKeyMultibase: `z${base58(Buffer.concat([Buffer.of(0xed, 0x01), rawPublic]))}` },
  ],
};
const fields = {
  issuerId: 7,
  treeSize: 2,
  rootHash: root,
  previousHeadHash: null,
  timestamp: '2026-11-26T03:00:00.000Z',
};
const statement = headStatement(fields);
const head = {
  ...fields,
  headHash: H(Buffer.from(statement)).toString('hex'),
  keyId,
  signature: sign(null, Buffer.from(statement), privateKey).toString('base64url'),
  statement,
};
const proof = (chain?: unknown) => ({
  head,
  leaf: { index: 0, hash: leaf0.toString('hex'), auditPath: [leaf1.toString('hex')] },
  ...(chain === undefined ? {} : { chain }),
});
const anchor = (anchoredRoot: string | null) => ({
  chainId: 100,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  txHash: `0x${'ab'.repeat(32)}`,
  anchoredRoot,
});

describe("the verify page's check of an NFT certificate's proof", () => {
  it('passes every step of a sound proof, with no chain step without a chain', async () => {
    const result = await checkLedgerProof(proof(), credential, didDocument);
    expect(result.steps).toEqual({ leaf: true, path: true, head: true, signature: true });
    expect(result.chain).toBeNull();
    expect(result.verified).toBe(true);
  });

  it("passes the chain step when the root the chain holds is the head's root", async () => {
    const result = await checkLedgerProof(proof(anchor(root.toUpperCase())), credential, didDocument);
    expect(result.chain).toEqual({
      chainId: 100,
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      txHash: `0x${'ab'.repeat(32)}`,
      anchored: true,
      unreadable: false,
    });
    expect(result.verified).toBe(true);
  });

  it('fails the chain step when the server could not read the chain, and says so', async () => {
    const result = await checkLedgerProof(proof({ ...anchor(null), unreadable: true }), credential, didDocument);
    expect(result.chain).toMatchObject({ anchored: false, unreadable: true });
    expect(result.verified).toBe(false);
  });

  it('fails the chain step, and the verdict, when the chain holds another root or none', async () => {
    for (const onChain of [H(Buffer.from('another tree')).toString('hex'), null]) {
      const result = await checkLedgerProof(proof(anchor(onChain)), credential, didDocument);
      expect(result.steps).toEqual({ leaf: true, path: true, head: true, signature: true });
      expect(result.chain?.anchored).toBe(false);
      expect(result.verified).toBe(false);
    }
  });

  it('fails the leaf and path steps for other bytes than the credential', async () => {
    const result = await checkLedgerProof(proof(anchor(root)), other, didDocument);
    expect(result.steps.leaf).toBe(false);
    expect(result.steps.path).toBe(false);
    expect(result.chain?.anchored).toBe(true);
    expect(result.verified).toBe(false);
  });
});
