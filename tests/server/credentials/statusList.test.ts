import { gunzipSync } from 'node:zlib';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { describe, expect, it } from 'vitest';
import { issuerDidDocumentUrl } from '../../../server/services/credentials/identifiers';
import { issueOpenBadgeCredential } from '../../../server/services/credentials/openBadgeCredential';
import {
  clearStatusBit,
  createStatusBits,
  decodeStatusList,
  encodeStatusList,
  issueStatusListCredential,
  readStatusBit,
  setStatusBit,
  STATUS_LIST_LENGTH,
} from '../../../server/services/credentials/statusList';
import { credentialInput, ISSUER_ID, memoryIssuerKey, PUBLIC_URL } from './fixtures';
import { verifyIndependently } from './independentVerifier';

// Pure lists and in-memory keys: no database, so this file does not run per database.

describe('status list bits', () => {
  it('holds 131,072 entries by default, all clear, and refuses shorter lists', () => {
    const bits = createStatusBits();
    expect(bits.length * 8).toBe(STATUS_LIST_LENGTH);
    expect(STATUS_LIST_LENGTH).toBe(131_072);
    expect(bits.every((byte) => byte === 0)).toBe(true);
    expect(createStatusBits(262_144).length).toBe(32_768);
    expect(() => createStatusBits(1024)).toThrow(/at least 131072/);
    expect(() => createStatusBits(131_073)).toThrow(/multiple of 8/);
  });

  it('sets, reads and clears one bit without touching its neighbours', () => {
    for (const index of [0, 7, 8, 4242, STATUS_LIST_LENGTH - 1]) {
      const alone = createStatusBits();
      setStatusBit(alone, index);
      expect(readStatusBit(alone, index)).toBe(true);
      expect(alone.reduce((count, byte) => count + byte.toString(2).replaceAll('0', '').length, 0)).toBe(1);
    }
    const bits = createStatusBits();
    setStatusBit(bits, STATUS_LIST_LENGTH - 1);
    setStatusBit(bits, 4242);
    setStatusBit(bits, 4242);
    expect(readStatusBit(bits, 4242)).toBe(true);
    clearStatusBit(bits, 4242);
    expect(readStatusBit(bits, 4242)).toBe(false);
    expect(readStatusBit(bits, STATUS_LIST_LENGTH - 1)).toBe(true);
    expect(() => setStatusBit(bits, STATUS_LIST_LENGTH)).toThrow(/outside/);
    expect(() => readStatusBit(bits, -1)).toThrow(/outside/);
    expect(() => clearStatusBit(bits, 1.5)).toThrow(/outside/);
  });

  it('counts bits from the left, as the specification and an independent decoder do', () => {
    const bits = createStatusBits();
    setStatusBit(bits, 0);
    setStatusBit(bits, 9);
    expect([bits[0], bits[1]]).toEqual([0b1000_0000, 0b0100_0000]);
  });

  it('encodes as multibase base64url of GZIP, which the registry library decodes to the same bits', async () => {
    const bits = createStatusBits();
    for (const index of [0, 3, 4242, 100_000, STATUS_LIST_LENGTH - 1]) setStatusBit(bits, index);
    const encoded = encodeStatusList(bits);
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
    const gzip = Buffer.from(encoded.slice(1), 'base64url');
    expect([gzip[0], gzip[1]]).toEqual([0x1f, 0x8b]);
    expect(new Uint8Array(gunzipSync(gzip))).toEqual(bits);
    expect(encoded.length).toBeLessThan(400);
    const theirs = await decodeList({ encodedList: encoded });
    for (const index of [0, 1, 3, 4242, 4243, 100_000, STATUS_LIST_LENGTH - 1]) {
      expect(theirs.getStatus(index), `bit ${index}`).toBe(readStatusBit(bits, index));
    }
    expect(decodeStatusList(encoded)).toEqual(bits);
    expect(() => decodeStatusList('zabc')).toThrow(/multibase base64url/);
  });
});

describe('status list credentials and the status of a credential', () => {
  async function published(bitsByPurpose: { revocation: Uint8Array; suspension: Uint8Array }) {
    const key = memoryIssuerKey();
    const site: Record<string, unknown> = { [issuerDidDocumentUrl(PUBLIC_URL, ISSUER_ID)]: key.didDocument };
    for (const purpose of ['revocation', 'suspension'] as const) {
      const list = await issueStatusListCredential(
        { publicUrl: PUBLIC_URL, issuerId: ISSUER_ID, purpose, bits: bitsByPurpose[purpose] },
        key.signer,
      );
      site[list.id] = list;
    }
    return { key, site };
  }

  it('is a signed BitstringStatusListCredential per issuer and purpose', async () => {
    const bits = createStatusBits();
    const { key, site } = await published({ revocation: bits, suspension: createStatusBits() });
    const list = site['https://laurel.example/ob/issuers/7/status/revocation'];
    expect(list).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: 'https://laurel.example/ob/issuers/7/status/revocation',
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: 'did:web:laurel.example:ob:issuers:7',
      credentialSubject: {
        id: 'https://laurel.example/ob/issuers/7/status/revocation#list',
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: encodeStatusList(bits),
      },
      proof: [{ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', verificationMethod: key.signer.id }],
    });
    expect(await verifyIndependently(list as object, site)).toEqual({ verified: true, errors: [], status: {} });
  });

  it('reports suspended when the bit of its one entry is set, and the library still says verified: read the status', async () => {
    const suspension = createStatusBits();
    setStatusBit(suspension, 4242);
    const { key, site } = await published({ revocation: createStatusBits(), suspension });
    const credential = await issueOpenBadgeCredential(credentialInput(), key.signer);
    expect(credential.credentialStatus).toMatchObject({ statusPurpose: 'suspension', statusListIndex: '4242' });
    expect(await verifyIndependently(credential, site)).toEqual({
      verified: true,
      errors: [],
      status: { suspension: true },
    });
  });

  it('reports suspended when the suspension bit is set, and no longer once it is cleared', async () => {
    const suspension = createStatusBits();
    setStatusBit(suspension, 9);
    const first = await published({ revocation: createStatusBits(), suspension });
    const input = credentialInput({ status: { index: 9, withRevocation: true } });
    const credential = await issueOpenBadgeCredential(input, first.key.signer);
    expect((await verifyIndependently(credential, first.site)).status).toEqual({ revocation: false, suspension: true });

    clearStatusBit(suspension, 9);
    const list = await issueStatusListCredential(
      { publicUrl: PUBLIC_URL, issuerId: ISSUER_ID, purpose: 'suspension', bits: suspension },
      first.key.signer,
    );
    const site = { ...first.site, [list.id]: list };
    expect((await verifyIndependently(credential, site)).status).toEqual({ revocation: false, suspension: false });
  });

  it('fails the status check when the list was altered after signing', async () => {
    const { key, site } = await published({ revocation: createStatusBits(), suspension: createStatusBits() });
    const listUrl = 'https://laurel.example/ob/issuers/7/status/suspension';
    const forged = structuredClone(site[listUrl]) as { credentialSubject: { encodedList: string } };
    const bits = createStatusBits();
    setStatusBit(bits, 4242);
    forged.credentialSubject.encodedList = encodeStatusList(bits);
    const credential = await issueOpenBadgeCredential(credentialInput(), key.signer);
    const outcome = await verifyIndependently(credential, { ...site, [listUrl]: forged });
    expect(outcome.verified).toBe(false);
    expect(outcome.errors.join(' ')).toMatch(/not verified/);
  });

  it("refuses to sign a list with another issuer's key", async () => {
    const other = memoryIssuerKey(ISSUER_ID + 1);
    await expect(
      issueStatusListCredential(
        { publicUrl: PUBLIC_URL, issuerId: ISSUER_ID, purpose: 'revocation', bits: createStatusBits() },
        other.signer,
      ),
    ).rejects.toThrow(/not a key of/);
  });
});
