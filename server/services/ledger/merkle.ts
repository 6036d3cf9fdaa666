import { createHash } from 'node:crypto';

/**
 * The Merkle tree of RFC 6962 / RFC 9162 (Certificate Transparency), over SHA-256: a leaf hashes as
 * SHA-256(0x00 || data), an inner node as SHA-256(0x01 || left || right), and a tree of n leaves splits at the
 * largest power of two below n. Pure functions over byte arrays: the transparency log (transparencyLog.ts) stores
 * leaf hashes and signs tree heads with them, and anyone can check a proof with the few lines of docs/nft.md.
 */

export type Hash = Buffer;

const sha256 = (...parts: Uint8Array[]): Hash => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);

/** MTH of a one-leaf tree: the hash a leaf is stored as. */
export function leafHash(data: Uint8Array): Hash {
  return sha256(LEAF_PREFIX, data);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Hash {
  return sha256(NODE_PREFIX, left, right);
}

/** The largest power of two strictly below n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The tree head hash MTH(D[n]) over leaf hashes (SHA-256 of nothing for the empty tree). */
export function rootFromLeafHashes(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return sha256();
  // bottom-up, pairing left to right and promoting a lone last node: the same tree as the recursive definition
  let level: Hash[] = [...leaves];
  while (level.length > 1) {
    const next: Hash[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i], level[i + 1]));
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    level = next;
  }
  return level[0];
}

/** PATH(m, D[n]): the audit path of leaf m, bottom to top (RFC 6962 section 2.1.1). */
export function inclusionProof(leaves: readonly Hash[], index: number): Hash[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`leaf ${index} is not in a tree of ${leaves.length}`);
  }
  const path = (m: number, from: number, to: number): Hash[] => {
    const n = to - from;
    if (n === 1) return [];
    const k = split(n);
    if (m < k) return [...path(m, from, from + k), rootFromLeafHashes(leaves.slice(from + k, to))];
    return [...path(m - k, from + k, to), rootFromLeafHashes(leaves.slice(from, from + k))];
  };
  return path(index, 0, leaves.length);
}

/** PROOF(m, D[n]): that the tree of the first m leaves is a prefix of the tree of n (RFC 6962 section 2.1.2). */
export function consistencyProof(leaves: readonly Hash[], oldSize: number): Hash[] {
  if (!Number.isInteger(oldSize) || oldSize < 1 || oldSize > leaves.length) {
    throw new RangeError(`no consistency proof from size ${oldSize} to ${leaves.length}`);
  }
  const subproof = (m: number, from: number, to: number, complete: boolean): Hash[] => {
    const n = to - from;
    if (m === n) return complete ? [] : [rootFromLeafHashes(leaves.slice(from, to))];
    const k = split(n);
    if (m <= k) return [...subproof(m, from, from + k, complete), rootFromLeafHashes(leaves.slice(from + k, to))];
    return [...subproof(m - k, from + k, to, false), rootFromLeafHashes(leaves.slice(from, from + k))];
  };
  return subproof(oldSize, 0, leaves.length, true);
}

/** The root an audit path leads to (RFC 9162 section 2.1.3.2), or null when the path's length is wrong. */
export function rootFromInclusionProof(
  leaf: Hash,
  index: number,
  treeSize: number,
  proof: readonly Hash[],
): Hash | null {
  if (index < 0 || index >= treeSize) return null;
  let fn = index;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

export function verifyInclusion(leaf: Hash, index: number, treeSize: number, proof: readonly Hash[], root: Hash) {
  const computed = rootFromInclusionProof(leaf, index, treeSize, proof);
  return computed !== null && computed.equals(root);
}

/** RFC 9162 section 2.1.4.2: does the tree of `newSize` with `newRoot` extend the one of `oldSize` with `oldRoot`? */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Hash,
  newRoot: Hash,
  proof: readonly Hash[],
): boolean {
  if (oldSize < 1 || oldSize > newSize) return false;
  if (oldSize === newSize) return proof.length === 0 && oldRoot.equals(newRoot);
  let path = [...proof];
  // when the old tree is a complete subtree, its root is the proof's implicit first node
  if ((oldSize & (oldSize - 1)) === 0) path = [oldRoot, ...path];
  if (path.length === 0) return false;
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(oldRoot) && sr.equals(newRoot);
}
