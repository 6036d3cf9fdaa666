import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';

/** A key as the rest of the server may see it: without its private half. */
export interface IssuerPublicKeyRow {
  issuer_id: number;
  version: number;
  public_key_multibase: string;
  created_at: string;
  retired_at: string | null;
}

const publicColumns = ['issuer_id', 'version', 'public_key_multibase', 'created_at', 'retired_at'] as const;

export async function insertIssuerKey(
  db: Kysely<Database>,
  key: { issuerId: number; version: number; publicKeyMultibase: string; privateKeyEncrypted: string },
): Promise<IssuerPublicKeyRow> {
  return db
    .insertInto('issuer_keys')
    .values({
      issuer_id: key.issuerId,
      version: key.version,
      public_key_multibase: key.publicKeyMultibase,
      private_key_encrypted: key.privateKeyEncrypted,
      created_at: nowIso(),
      retired_at: null,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

/** Every key of the issuer, oldest first, without private keys. */
export function listIssuerPublicKeys(db: Kysely<Database>, issuerId: number): Promise<IssuerPublicKeyRow[]> {
  return db
    .selectFrom('issuer_keys')
    .select(publicColumns)
    .where('issuer_id', '=', issuerId)
    .orderBy('version')
    .execute();
}

export function findActiveIssuerPublicKey(
  db: Kysely<Database>,
  issuerId: number,
): Promise<IssuerPublicKeyRow | undefined> {
  return db
    .selectFrom('issuer_keys')
    .select(publicColumns)
    .where('issuer_id', '=', issuerId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** The active key with its encrypted private half: only for the key service, which decrypts it to sign. */
export function findActiveIssuerKeyForSigning(
  db: Kysely<Database>,
  issuerId: number,
): Promise<(IssuerPublicKeyRow & { private_key_encrypted: string }) | undefined> {
  return db
    .selectFrom('issuer_keys')
    .select([...publicColumns, 'private_key_encrypted'])
    .where('issuer_id', '=', issuerId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

export async function latestIssuerKeyVersion(db: Kysely<Database>, issuerId: number): Promise<number> {
  const row = await db
    .selectFrom('issuer_keys')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function retireActiveIssuerKey(db: Kysely<Database>, issuerId: number): Promise<void> {
  await db
    .updateTable('issuer_keys')
    .set({ retired_at: nowIso() })
    .where('issuer_id', '=', issuerId)
    .where('retired_at', 'is', null)
    .execute();
}
