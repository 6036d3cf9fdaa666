import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  findActiveIssuerKeyForSigning,
  findActiveIssuerPublicKey,
  insertIssuerKey,
  latestIssuerKeyVersion,
  listIssuerPublicKeys,
  retireActiveIssuerKey,
  type IssuerPublicKeyRow,
} from '../../repositories/issuerKeys';
import { issuerDid, verificationMethodId } from './identifiers';
import type { IssuerSigner } from './signing';
import { inCallerTransaction } from '../../db/transactions';
import { CREDENTIALS_KEY_BYTES } from '../../settings/credentialsKey';

/**
 * Each issuer signs with its own Ed25519 key. The private key is kept only as AES-256-GCM ciphertext under the
 * server's credentials key (32 bytes, read by the caller from CREDENTIALS_KEY), bound to its issuer and version
 * so that a row copied to another issuer does not decrypt. Nothing here returns a private key: callers get
 * public keys, or a signer that holds the key object in a closure.
 */

function checkCredentialsKey(credentialsKey: Uint8Array): void {
  if (credentialsKey.length !== CREDENTIALS_KEY_BYTES) {
    throw new Error(`the credentials key must be ${CREDENTIALS_KEY_BYTES} bytes, not ${credentialsKey.length}`);
  }
}

export interface IssuerPublicKey {
  issuerId: number;
  version: number;
  publicKeyMultibase: string;
  createdAt: string;
  /** null for the active key; retired keys no longer sign but still verify what they signed */
  retiredAt: string | null;
}

function toPublicKey(row: IssuerPublicKeyRow): IssuerPublicKey {
  return {
    issuerId: row.issuer_id,
    version: row.version,
    publicKeyMultibase: row.public_key_multibase,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
  };
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin's base58 alphabet, as multibase 'z' values (keys, proof values) use it. */
export function base58btc(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1;
  // base-58 digits, least significant first, multiplied by 256 and added to for each byte
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i += 1) {
    let carry = bytes[i];
    for (let j = 0; j < digits.length; j += 1) {
      carry += digits[j] * 256;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let text = '1'.repeat(zeros);
  for (let k = digits.length - 1; k >= 0; k -= 1) text += BASE58_ALPHABET[digits[k]];
  return text;
}

/** Multikey encoding of an Ed25519 public key: 'z' (base58btc) over the multicodec prefix 0xed01 and the 32 bytes. */
export function ed25519PublicKeyMultibase(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 public key');
  return `z${base58btc(Buffer.concat([Buffer.from([0xed, 0x01]), Buffer.from(jwk.x, 'base64url')]))}`;
}

const ENCRYPTION_FORMAT = 'v1';

function associatedData(issuerId: number, version: number): Buffer {
  return Buffer.from(`laurel:issuer-key:${issuerId}:${version}`, 'utf8');
}

function encryptPrivateKey(privateKey: KeyObject, credentialsKey: Uint8Array, issuerId: number, version: number) {
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  try {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', credentialsKey, iv);
    cipher.setAAD(associatedData(issuerId, version));
    const ciphertext = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
    return [ENCRYPTION_FORMAT, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  } finally {
    pkcs8.fill(0);
  }
}

function decryptPrivateKey(encrypted: string, credentialsKey: Uint8Array, issuerId: number, version: number) {
  const [format, iv, tag, ciphertext, ...rest] = encrypted.split('.');
  if (format !== ENCRYPTION_FORMAT || !iv || !tag || !ciphertext || rest.length > 0) {
    throw new Error(`the private key of issuer ${issuerId} (version ${version}) is not in a known format`);
  }
  let pkcs8: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', credentialsKey, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(associatedData(issuerId, version));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    pkcs8 = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  } catch {
    throw new Error(
      `the private key of issuer ${issuerId} (version ${version}) does not decrypt: the credentials key is not the one it was stored with, or the row was altered`,
    );
  }
  try {
    return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  } finally {
    pkcs8.fill(0);
  }
}

function newKeyRow(issuerId: number, version: number, credentialsKey: Uint8Array) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    issuerId,
    version,
    publicKeyMultibase: ed25519PublicKeyMultibase(publicKey),
    privateKeyEncrypted: encryptPrivateKey(privateKey, credentialsKey, issuerId, version),
  };
}

/**
 * The issuer's active key, created (version 1, or the next version if all are retired) when it has none. Call it
 * when an issuer is created, in the same transaction; it is also safe to call before signing for issuers made
 * before keys existed. Runs no transaction of its own.
 */
export async function ensureIssuerKey(
  db: Kysely<Database>,
  issuerId: number,
  credentialsKey: Uint8Array,
): Promise<IssuerPublicKey> {
  checkCredentialsKey(credentialsKey);
  const active = await findActiveIssuerPublicKey(db, issuerId);
  if (active) return toPublicKey(active);
  const version = (await latestIssuerKeyVersion(db, issuerId)) + 1;
  try {
    return toPublicKey(await insertIssuerKey(db, newKeyRow(issuerId, version, credentialsKey)));
  } catch (error) {
    // Another call created it at the same moment (the one-active-key index refused ours): use theirs.
    const created = await findActiveIssuerPublicKey(db, issuerId);
    if (created) return toPublicKey(created);
    throw error;
  }
}

/**
 * Retires the active key and makes a new one, atomically (inside the caller's transaction if `db` is one).
 * Credentials signed before keep verifying: the DID document lists retired keys too.
 */
export async function rotateIssuerKey(
  db: Kysely<Database>,
  issuerId: number,
  credentialsKey: Uint8Array,
): Promise<IssuerPublicKey> {
  checkCredentialsKey(credentialsKey);
  const rotate = async (trx: Kysely<Database>) => {
    const version = (await latestIssuerKeyVersion(trx, issuerId)) + 1;
    await retireActiveIssuerKey(trx, issuerId);
    return toPublicKey(await insertIssuerKey(trx, newKeyRow(issuerId, version, credentialsKey)));
  };
  return inCallerTransaction(db, rotate);
}

/** Every key of the issuer, oldest first: what its DID document publishes. */
export async function listIssuerKeys(db: Kysely<Database>, issuerId: number): Promise<IssuerPublicKey[]> {
  return (await listIssuerPublicKeys(db, issuerId)).map(toPublicKey);
}

/**
 * A signer for the issuer's active key. The key is decrypted once here and checked against its stored public
 * key; make one per issuer per batch (a signer made before a rotation keeps signing with the retired key, which
 * still verifies).
 */
export async function loadIssuerSigner(
  db: Kysely<Database>,
  issuerId: number,
  credentialsKey: Uint8Array,
  publicUrl: string,
): Promise<IssuerSigner> {
  const { id, privateKey } = await loadIssuerSigningKey(db, issuerId, credentialsKey, publicUrl);
  return issuerSignerOf(id, privateKey);
}

/** A signer over a decrypted key (in the main thread, or in a signing worker that received the key object). */
export function issuerSignerOf(id: string, privateKey: KeyObject): IssuerSigner {
  return { id, algorithm: 'Ed25519', sign: async ({ data }) => sign(null, data, privateKey) };
}

/** The active key, decrypted and checked against its public half, with its verification method. */
export async function loadIssuerSigningKey(
  db: Kysely<Database>,
  issuerId: number,
  credentialsKey: Uint8Array,
  publicUrl: string,
): Promise<{ id: string; privateKey: KeyObject }> {
  checkCredentialsKey(credentialsKey);
  const row = await findActiveIssuerKeyForSigning(db, issuerId);
  if (!row) throw new Error(`issuer ${issuerId} has no active signing key`);
  const privateKey = decryptPrivateKey(row.private_key_encrypted, credentialsKey, issuerId, row.version);
  if (ed25519PublicKeyMultibase(createPublicKey(privateKey)) !== row.public_key_multibase) {
    throw new Error(`the private key of issuer ${issuerId} (version ${row.version}) does not match its public key`);
  }
  return { id: verificationMethodId(publicUrl, issuerId, row.version), privateKey };
}

export interface IssuerDidDocument {
  '@context': string[];
  id: string;
  verificationMethod: { id: string; type: 'Multikey'; controller: string; publicKeyMultibase: string }[];
  assertionMethod: string[];
}

/**
 * The did:web document to serve at issuerDidDocumentUrl: every key, active and retired, as a Multikey
 * verification method usable for assertions. The DID v1 context comes first so that verifiers read it as is.
 */
export function issuerDidDocument(publicUrl: string, issuerId: number, keys: IssuerPublicKey[]): IssuerDidDocument {
  const did = issuerDid(publicUrl, issuerId);
  const verificationMethod = keys.map((key) => ({
    id: verificationMethodId(publicUrl, issuerId, key.version),
    type: 'Multikey' as const,
    controller: did,
    publicKeyMultibase: key.publicKeyMultibase,
  }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod,
    assertionMethod: verificationMethod.map((method) => method.id),
  };
}
