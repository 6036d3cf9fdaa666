import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { Certificate, Database } from '../db/schema';

/** The keys of the issuer's certificates among these that are not deleted and, when given, in these statuses. */
export async function documentKeys(
  db: Kysely<Database>,
  issuerId: number,
  keys: readonly string[],
  statuses: readonly number[] | null,
): Promise<string[]> {
  let query = db
    .selectFrom('certificates')
    .select('key')
    .where('issuer_id', '=', issuerId)
    .where('key', 'in', [...keys])
    .where('status_id', '!=', CERTIFICATE_STATUS.deleted);
  if (statuses) query = query.where('status_id', 'in', statuses);
  return (await query.execute()).map((row) => row.key);
}

/** The issuer's certificates with these keys, by id. */
export function documentCertificates(db: Kysely<Database>, issuerId: number, keys: string[]): Promise<Certificate[]> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('key', 'in', keys)
    .orderBy('id')
    .execute();
}

/** How many of the issuer's certificates with these keys are in these statuses. */
export async function countInStatuses(
  db: Kysely<Database>,
  issuerId: number,
  keys: string[],
  statuses: number[],
): Promise<number> {
  const visible = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issuer_id', '=', issuerId)
    .where('key', 'in', keys)
    .where('status_id', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(visible.n);
}
