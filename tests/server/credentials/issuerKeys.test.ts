import { createDecipheriv, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { insertIssuer } from '../../../server/repositories/issuers';
import { issuerDidDocumentUrl } from '../../../server/services/credentials/identifiers';
import {
  ed25519PublicKeyMultibase,
  ensureIssuerKey,
  issuerDidDocument,
  listIssuerKeys,
  loadIssuerSigner,
  rotateIssuerKey,
} from '../../../server/services/credentials/issuerKeys';
import { parseCredentialsKey } from '../../../server/settings/credentialsKey';
import { issueOpenBadgeCredential } from '../../../server/services/credentials/openBadgeCredential';
import { createStatusBits, issueStatusListCredential } from '../../../server/services/credentials/statusList';
import type { IssuerSigner } from '../../../server/services/credentials/signing';
import { createTestApp, TEST_DATABASES, type TestApp } from '../testApp';
import { credentialInput, PUBLIC_URL } from './fixtures';
import { verifyIndependently } from './independentVerifier';

const CREDENTIALS_KEY = randomBytes(32);

/** The documented storage format (`v1.<iv>.<tag>.<ciphertext>`, AAD bound to issuer and version), decrypted here. */
function decryptStored(encrypted: string, issuerId: number, version: number): Buffer {
  const [, iv, tag, ciphertext] = encrypted.split('.');
  const decipher = createDecipheriv('aes-256-gcm', CREDENTIALS_KEY, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`laurel:issuer-key:${issuerId}:${version}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

describe('credentials key and public key encoding', () => {
  it('takes the 32-byte key in hex, base64 or base64url, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseCredentialsKey(key.toString('hex'))).toEqual(key);
    expect(parseCredentialsKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseCredentialsKey(key.toString('base64url'))).toEqual(key);
    for (const bad of [
      '',
      'secret',
      randomBytes(16).toString('hex'),
      randomBytes(33).toString('base64'),
      '!'.repeat(43),
    ]) {
      expect(() => parseCredentialsKey(bad), bad).toThrow(/32 bytes/);
    }
  });

  it('writes public keys as the Multikey libraries do', async () => {
    for (let i = 0; i < 20; i += 1) {
      const publicKey = createPublicKey(createPrivateKey({ key: randomEd25519Pkcs8(), format: 'der', type: 'pkcs8' }));
      const theirs = await Ed25519Multikey.fromJwk({ jwk: publicKey.export({ format: 'jwk' }) });
      expect(ed25519PublicKeyMultibase(publicKey)).toBe(theirs.publicKeyMultibase);
      expect(theirs.publicKeyMultibase).toMatch(/^z6Mk/);
    }
  });
});

function randomEd25519Pkcs8(): Buffer {
  // PKCS#8 prefix of an Ed25519 private key, then the 32-byte seed (RFC 8410).
  return Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), randomBytes(32)]);
}

describe.each(TEST_DATABASES)('issuer keys on %s', (database) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    db = t.app.laurel.db;
    issuerId = await insertIssuer(db, { name: 'École des clés', plan: 'FREE_TRIAL', credits: 0 });
  });
  afterEach(async () => {
    await t.close();
  });

  it('gives each issuer one active key, made once, even when asked concurrently', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => ensureIssuerKey(db, issuerId, CREDENTIALS_KEY)));
    expect(new Set(keys.map((key) => key.publicKeyMultibase)).size).toBe(1);
    expect(keys[0]).toEqual({
      issuerId,
      version: 1,
      publicKeyMultibase: expect.stringMatching(/^z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/),
      createdAt: expect.any(String),
      retiredAt: null,
    });
    expect(await ensureIssuerKey(db, issuerId, CREDENTIALS_KEY)).toEqual(keys[0]);
    expect(await listIssuerKeys(db, issuerId)).toEqual([keys[0]]);
    const other = await insertIssuer(db, { name: 'Other', plan: 'FREE_TRIAL', credits: 0 });
    const otherKey = await ensureIssuerKey(db, other, CREDENTIALS_KEY);
    expect(otherKey.publicKeyMultibase).not.toBe(keys[0].publicKeyMultibase);
  });

  it('never stores the private key in clear: not in its row, nor anywhere in the SQLite files', async () => {
    await ensureIssuerKey(db, issuerId, CREDENTIALS_KEY);
    const row = await db
      .selectFrom('issuer_keys')
      .selectAll()
      .where('issuer_id', '=', issuerId)
      .executeTakeFirstOrThrow();
    expect(row.private_key_encrypted).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]{64}$/);
    const pkcs8 = decryptStored(row.private_key_encrypted, issuerId, 1);
    const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    expect(ed25519PublicKeyMultibase(createPublicKey(privateKey))).toBe(row.public_key_multibase);
    const seed = pkcs8.subarray(16);
    expect(seed).toHaveLength(32);

    const secrets = [seed, pkcs8].flatMap((bytes) => [
      bytes,
      ...(['hex', 'base64', 'base64url'] as const).map((encoding) => Buffer.from(bytes.toString(encoding))),
    ]);
    const rowText = Buffer.from(JSON.stringify(row));
    for (const secret of secrets) expect(rowText.includes(secret)).toBe(false);
    if (database === 'sqlite') {
      const files = fs.readdirSync(t.config.dataDir).filter((name) => name.startsWith('laurel.db'));
      expect(files).toContain('laurel.db');
      for (const file of files) {
        const bytes = fs.readFileSync(path.join(t.config.dataDir, file));
        for (const secret of secrets) expect(bytes.includes(secret), file).toBe(false);
      }
    }
  });

  it("refuses to decrypt with another credentials key, or another issuer's row", async () => {
    await ensureIssuerKey(db, issuerId, CREDENTIALS_KEY);
    await expect(loadIssuerSigner(db, issuerId, randomBytes(32), PUBLIC_URL)).rejects.toThrow(/does not decrypt/);
    await expect(loadIssuerSigner(db, issuerId, randomBytes(16), PUBLIC_URL)).rejects.toThrow(/32 bytes/);
    const other = await insertIssuer(db, { name: 'Other', plan: 'FREE_TRIAL', credits: 0 });
    await ensureIssuerKey(db, other, CREDENTIALS_KEY);
    const stolen = await db
      .selectFrom('issuer_keys')
      .select(['private_key_encrypted', 'public_key_multibase'])
      .where('issuer_id', '=', issuerId)
      .executeTakeFirstOrThrow();
    await db.updateTable('issuer_keys').set(stolen).where('issuer_id', '=', other).execute();
    await expect(loadIssuerSigner(db, other, CREDENTIALS_KEY, PUBLIC_URL)).rejects.toThrow(/does not decrypt/);
    await expect(loadIssuerSigner(db, other + 1, CREDENTIALS_KEY, PUBLIC_URL)).rejects.toThrow(/no active/);
  });

  it('gives a signer that shows nothing of its key', async () => {
    await ensureIssuerKey(db, issuerId, CREDENTIALS_KEY);
    const signer = await loadIssuerSigner(db, issuerId, CREDENTIALS_KEY, PUBLIC_URL);
    expect(JSON.parse(JSON.stringify(signer))).toEqual({
      id: `did:web:laurel.example:ob:issuers:${issuerId}#key-1`,
      algorithm: 'Ed25519',
    });
    expect(Object.keys(signer).sort()).toEqual(['algorithm', 'id', 'sign']);
  });

  it('rotates: the new key signs, the old one stays published, and what either signed verifies', async () => {
    const input = credentialInput({ issuer: { id: issuerId, name: 'École des clés' } });
    await ensureIssuerKey(db, issuerId, CREDENTIALS_KEY);
    const first = await loadIssuerSigner(db, issuerId, CREDENTIALS_KEY, PUBLIC_URL);
    const before = await issueOpenBadgeCredential(input, first);

    const rotated = await rotateIssuerKey(db, issuerId, CREDENTIALS_KEY);
    expect(rotated).toMatchObject({ version: 2, retiredAt: null });
    const keys = await listIssuerKeys(db, issuerId);
    expect(keys.map((key) => [key.version, key.retiredAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    const second = await loadIssuerSigner(db, issuerId, CREDENTIALS_KEY, PUBLIC_URL);
    expect(second.id).toBe(`did:web:laurel.example:ob:issuers:${issuerId}#key-2`);
    const after = await issueOpenBadgeCredential(input, second);

    const didDocument = issuerDidDocument(PUBLIC_URL, issuerId, keys);
    expect(didDocument.assertionMethod).toEqual([first.id, second.id]);
    const site = await publishedSite(didDocument, second);
    for (const credential of [before, after]) {
      expect(await verifyIndependently(credential, site)).toEqual({
        verified: true,
        errors: [],
        status: { suspension: false },
      });
    }
    // Without the retired key in the document, what it signed no longer verifies: keeping it is what matters.
    const withoutRetired = await publishedSite(issuerDidDocument(PUBLIC_URL, issuerId, keys.slice(1)), second);
    expect((await verifyIndependently(before, withoutRetired)).verified).toBe(false);

    await rotateIssuerKey(db, issuerId, CREDENTIALS_KEY);
    await db.transaction().execute((trx) => rotateIssuerKey(trx, issuerId, CREDENTIALS_KEY));
    expect((await listIssuerKeys(db, issuerId)).map((key) => [key.version, key.retiredAt === null])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
  });

  it('makes the first key by rotation too, and the database refuses a second active key', async () => {
    expect(await rotateIssuerKey(db, issuerId, CREDENTIALS_KEY)).toMatchObject({ version: 1 });
    await expect(
      db
        .insertInto('issuer_keys')
        .values({
          issuer_id: issuerId,
          version: 9,
          public_key_multibase: 'z',
          private_key_encrypted: 'v1.x.y.z',
          created_at: new Date().toISOString(),
          retired_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  async function publishedSite(didDocument: object, signer: IssuerSigner) {
    const list = await issueStatusListCredential(
      { publicUrl: PUBLIC_URL, issuerId, purpose: 'suspension', bits: createStatusBits() },
      signer,
    );
    return { [issuerDidDocumentUrl(PUBLIC_URL, issuerId)]: didDocument, [list.id]: list };
  }
});
