import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database, NewUser, User } from '../db/schema';

export interface UserWithIssuer extends User {
  issuer_name: string;
}

export function findUsersByEmail(db: Kysely<Database>, email: string): Promise<UserWithIssuer[]> {
  return db
    .selectFrom('users')
    .innerJoin('issuers', 'issuers.id', 'users.issuer_id')
    .selectAll('users')
    .select('issuers.name as issuer_name')
    .where('users.email', '=', email)
    .orderBy('issuers.name')
    .execute();
}

export function findUser(db: Kysely<Database>, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserInIssuer(db: Kysely<Database>, issuerId: number, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: Omit<NewUser, 'created_at'>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function setTotpSecret(db: Kysely<Database>, userId: number, secret: string | null, step: number | null = null) {
  return db.updateTable('users').set({ totp_secret: secret, totp_last_step: step }).where('id', '=', userId).execute();
}

/**
 * Records `step` as the user's last accepted second-factor step, only when it is later than the one recorded:
 * false when the code's step was already used (or an earlier one), so one code opens one session even when two
 * requests race.
 */
export async function acceptTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOrgUnitName(db: Kysely<Database>, id: number | null): Promise<string | null> {
  if (id === null) return Promise.resolve(null);
  return db
    .selectFrom('org_units')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.name ?? null);
}

export function listIssuerUsers(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('users')
    .leftJoin('org_units', 'org_units.id', 'users.org_unit_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.profile_id',
      'users.totp_secret',
      'org_units.name as org_unit',
    ])
    .where('users.issuer_id', '=', issuerId)
    .orderBy('users.first_name')
    .execute();
}

export async function updateUser(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  changes: { email: string; first_name: string; last_name: string; profile_id: number; org_unit_id: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUser(db: Kysely<Database>, issuerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).where('issuer_id', '=', issuerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Records the given acceptances and answers both as they now stand. */
export async function setAcceptances(
  db: Kysely<Database>,
  userId: number,
  { terms, gprd }: { terms?: boolean; gprd?: boolean },
): Promise<{ okCGU: boolean; okNotice: boolean }> {
  const row = await db
    .updateTable('users')
    .set({
      ...(terms === undefined ? {} : { ok_cgu: terms ? 1 : 0 }),
      ...(gprd === undefined ? {} : { ok_notice: gprd ? 1 : 0 }),
    })
    .where('id', '=', userId)
    .returning(['ok_cgu', 'ok_notice'])
    .executeTakeFirstOrThrow();
  return { okCGU: row.ok_cgu === 1, okNotice: row.ok_notice === 1 };
}

/** The issuer's user with this id, or undefined. */
export function findIssuerUser(db: Kysely<Database>, issuerId: number, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('issuer_id', '=', issuerId).executeTakeFirst();
}
