import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  inclusionProof,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
} from '../../server/services/ledger/merkle';

// The Certificate Transparency reference vectors (RFC 6962 reference implementation, as in
// certificate-transparency-go and Trillian's merkle tests): eight leaf inputs, the root of each prefix, and
// inclusion and consistency proofs between them.
const INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
// [leaf index (0-based), tree size, audit path]
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
// [old size, new size, proof]
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];

const leaves = INPUTS.map((input) => leafHash(Buffer.from(input, 'hex')));
const hex = (hashes: Buffer[]) => hashes.map((hash) => hash.toString('hex'));
const bytes = (hexes: string[]) => hexes.map((value) => Buffer.from(value, 'hex'));
const flipped = (hash: Buffer) => {
  const copy = Buffer.from(hash);
  copy[0] ^= 1;
  return copy;
};

describe('RFC 6962 Merkle tree', () => {
  it('computes the reference root of every prefix, the empty tree included', () => {
    for (let size = 0; size <= leaves.length; size += 1) {
      expect(rootFromLeafHashes(leaves.slice(0, size)).toString('hex')).toBe(ROOTS[size]);
    }
  });

  it.each(INCLUSION)('builds and checks the reference audit path of leaf %i in a tree of %i', (index, size, path) => {
    const tree = leaves.slice(0, size);
    expect(hex(inclusionProof(tree, index))).toEqual(path);
    const root = Buffer.from(ROOTS[size], 'hex');
    expect(verifyInclusion(leaves[index], index, size, bytes(path), root)).toBe(true);
    // a tampered leaf, a wrong index or a tampered path does not lead to the root
    expect(verifyInclusion(flipped(leaves[index]), index, size, bytes(path), root)).toBe(false);
    if (size > 1) {
      expect(verifyInclusion(leaves[index], (index + 1) % size, size, bytes(path), root)).toBe(false);
      expect(
        verifyInclusion(leaves[index], index, size, [flipped(bytes(path)[0]), ...bytes(path).slice(1)], root),
      ).toBe(false);
      expect(verifyInclusion(leaves[index], index, size, bytes(path).slice(1), root)).toBe(false);
    }
  });

  it.each(CONSISTENCY)('builds and checks the reference consistency proof from %i to %i', (oldSize, newSize, proof) => {
    expect(hex(consistencyProof(leaves.slice(0, newSize), oldSize))).toEqual(proof);
    const oldRoot = Buffer.from(ROOTS[oldSize], 'hex');
    const newRoot = Buffer.from(ROOTS[newSize], 'hex');
    expect(verifyConsistency(oldSize, newSize, oldRoot, newRoot, bytes(proof))).toBe(true);
    if (oldSize !== newSize) {
      expect(verifyConsistency(oldSize, newSize, flipped(oldRoot), newRoot, bytes(proof))).toBe(false);
      expect(verifyConsistency(oldSize, newSize, oldRoot, flipped(newRoot), bytes(proof))).toBe(false);
      expect(
        verifyConsistency(oldSize, newSize, oldRoot, newRoot, [flipped(bytes(proof)[0]), ...bytes(proof).slice(1)]),
      ).toBe(false);
    }
  });

  it('proves every leaf and every prefix of larger trees, checked by the verifiers', () => {
    const many = Array.from({ length: 37 }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
    for (let size = 1; size <= many.length; size += 1) {
      const tree = many.slice(0, size);
      const root = rootFromLeafHashes(tree);
      for (let index = 0; index < size; index += 1) {
        expect(verifyInclusion(tree[index], index, size, inclusionProof(tree, index), root)).toBe(true);
      }
      for (let oldSize = 1; oldSize <= size; oldSize += 1) {
        const oldRoot = rootFromLeafHashes(many.slice(0, oldSize));
        expect(verifyConsistency(oldSize, size, oldRoot, root, consistencyProof(tree, oldSize))).toBe(true);
      }
    }
  });
});
