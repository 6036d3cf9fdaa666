import type { Kysely } from 'kysely';
import type { OrgUnitRow } from '../../domain/users';
import type { Database } from '../db/schema';

/** The issuer's org units with their user counts, in one grouped query. */
export async function listOrgUnits(db: Kysely<Database>, issuerId: number): Promise<OrgUnitRow[]> {
  const rows = await db
    .selectFrom('org_units')
    .leftJoin('users', 'users.org_unit_id', 'org_units.id')
    .select(['org_units.id', 'org_units.name', (eb) => eb.fn.count<number>('users.id').as('users')])
    .where('org_units.issuer_id', '=', issuerId)
    .groupBy(['org_units.id', 'org_units.name'])
    .orderBy('org_units.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, users: Number(row.users) }));
}

export async function insertOrgUnit(db: Kysely<Database>, issuerId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('org_units')
    .values({ issuer_id: issuerId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameOrgUnit(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('org_units')
    .set({ name })
    .where('id', '=', id)
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteOrgUnit(db: Kysely<Database>, issuerId: number, id: number): Promise<boolean> {
  await db
    .updateTable('users')
    .set({ org_unit_id: null })
    .where('org_unit_id', '=', id)
    .where('issuer_id', '=', issuerId)
    .execute();
  const result = await db
    .deleteFrom('org_units')
    .where('id', '=', id)
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The id of the issuer's org unit of that name, created when missing (users are assigned by name). */
export async function orgUnitIdByName(db: Kysely<Database>, issuerId: number, name: string): Promise<number> {
  const existing = await db
    .selectFrom('org_units')
    .select('id')
    .where('issuer_id', '=', issuerId)
    .where('name', '=', name)
    .executeTakeFirst();
  return existing?.id ?? insertOrgUnit(db, issuerId, name);
}
