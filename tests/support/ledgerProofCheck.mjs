// An independent check of a Laurel transparency-log proof: imports nothing of Laurel, only node:crypto, as a
// third party would write it from docs/nft.md. Reads on stdin { proof, credential, didDocument } (the batch's
// proof.json, the credential's bytes as served, the issuer's DID document) and prints "ok" or why not.
import { createHash, createPublicKey, verify } from 'node:crypto';

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const hex = (value) => Buffer.from(value, 'hex');

// RFC 9162 section 2.1.3.2: fold the audit path into a root
function rootFromPath(leafHash, index, size, path) {
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = sha256(Buffer.from([1]), p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      r = sha256(Buffer.from([1]), r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? r : null;
}

// RFC 9162 section 2.1.4.2
function consistent(size1, size2, root1, root2, proof) {
  if (size1 === size2) return proof.length === 0 && root1.equals(root2);
  const path = (size1 & (size1 - 1)) === 0 ? [root1, ...proof] : proof;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn >>= 1;
    sn >>= 1;
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = sha256(Buffer.from([1]), c, fr);
      sr = sha256(Buffer.from([1]), c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      sr = sha256(Buffer.from([1]), sr, c);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && fr.equals(root1) && sr.equals(root2);
}

function base58(text) {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = 0n;
  for (const char of text) n = n * 58n + BigInt(alphabet.indexOf(char));
  const bytes = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 255n));
    n >>= 8n;
  }
  return Buffer.from(bytes);
}

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);
const { proof, credential, didDocument } = input;
const problems = [];
const leafHash = sha256(Buffer.from([0]), Buffer.from(credential, 'utf8'));
if (leafHash.toString('hex') !== proof.leaf.hash) problems.push('the credential is not the leaf');
const root = rootFromPath(leafHash, proof.leaf.index, proof.head.treeSize, proof.leaf.auditPath.map(hex));
if (!root || root.toString('hex') !== proof.head.rootHash) problems.push('the audit path does not lead to the root');
const statement = [
  'laurel-transparency-log/v1',
  `issuer ${proof.head.issuerId}`,
  `size ${proof.head.treeSize}`,
  `root ${proof.head.rootHash}`,
  `previous ${proof.head.previousHeadHash ?? '-'}`,
  `time ${proof.head.timestamp}`,
  '',
].join('\n');
if (sha256(statement).toString('hex') !== proof.head.headHash) problems.push('the head hash is not its statement');
const method = didDocument.verificationMethod.find((m) => m.id === proof.head.keyId);
if (!method) problems.push('the signing key is not in the DID document');
else {
  const raw = base58(method.publicKeyMultibase.slice(1)).subarray(2);
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  if (!verify(null, Buffer.from(statement), key, Buffer.from(proof.head.signature, 'base64url'))) {
    problems.push('the signature does not verify');
  }
}
if (proof.consistency) {
  const c = proof.consistency;
  if (!consistent(c.fromSize, proof.head.treeSize, hex(c.fromRoot), hex(proof.head.rootHash), c.proof.map(hex))) {
    problems.push('the head does not extend the previous one');
  }
}
process.stdout.write(problems.length === 0 ? 'ok\n' : `${problems.join('; ')}\n`);
