import type { Kysely, Updateable } from 'kysely';
import { compiledOnce } from '../db/compiledOnce';
import { nowIso } from '../db/clock';
import type { Database, IssuerTable, NewIssuer } from '../db/schema';
import { parseIssuer, parseIssuerParams, type ParsedIssuer } from './issuerRows';

export async function findIssuer(db: Kysely<Database>, id: number): Promise<ParsedIssuer | undefined> {
  const row = await db.selectFrom('issuers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && parseIssuer(row);
}

export async function countIssuers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('issuers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertIssuer(db: Kysely<Database>, issuer: Omit<NewIssuer, 'created_at'>): Promise<number> {
  const row = await db
    .insertInto('issuers')
    .values({ ...issuer, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addCredits(
  db: Kysely<Database>,
  issuerId: number,
  credits: number,
  reason: string,
): Promise<void> {
  await db
    .updateTable('issuers')
    .set((eb) => ({ credits: eb('credits', '+', credits) }))
    .where('id', '=', issuerId)
    .execute();
  await db
    .insertInto('credit_operations')
    .values({ issuer_id: issuerId, credits, reason, operation_date: nowIso() })
    .execute();
}

export function setIssuerSso(db: Kysely<Database>, issuerId: number, ssoConfig: object | null) {
  return db
    .updateTable('issuers')
    .set({ sso_config: ssoConfig ? JSON.stringify(ssoConfig) : null })
    .where('id', '=', issuerId)
    .execute();
}

export async function findIssuersWithSso(db: Kysely<Database>): Promise<ParsedIssuer[]> {
  const rows = await db.selectFrom('issuers').selectAll().where('sso_config', 'is not', null).execute();
  return rows.map(parseIssuer);
}

/**
 * Writes the issuer's params only if they are still `expected` (the text read before changing them), so that
 * a concurrent change of another param is never overwritten; false when they changed meanwhile.
 */
export async function replaceIssuerParamsIfUnchanged(
  db: Kysely<Database>,
  issuerId: number,
  expected: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('issuers')
    .set({ params: next })
    .where('id', '=', issuerId)
    .where('params', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every issuer, by id, with what the operators' tool lists. */
export async function listIssuers(db: Kysely<Database>): Promise<ParsedIssuer[]> {
  const rows = await db.selectFrom('issuers').selectAll().orderBy('id').execute();
  return rows.map(parseIssuer);
}

/** Issuers whose name is `name`, ignoring case and surrounding spaces. */
export async function findIssuersByName(db: Kysely<Database>, name: string): Promise<ParsedIssuer[]> {
  const rows = await db
    .selectFrom('issuers')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .orderBy('id')
    .execute();
  return rows.map(parseIssuer);
}

/** The issuer's plan and flags, as the operators set them. */
export function updateIssuerSettings(
  db: Kysely<Database>,
  issuerId: number,
  changes: Pick<Updateable<IssuerTable>, 'plan' | 'verified' | 'is_blocked'>,
) {
  return db.updateTable('issuers').set(changes).where('id', '=', issuerId).execute();
}

/**
 * Takes `credits` (> 0) away from the issuer and records it, only when it has that many: false (and nothing
 * written) otherwise, so that the balance never goes below zero even when a publication debits at the same time.
 */
export async function removeCredits(
  db: Kysely<Database>,
  issuerId: number,
  credits: number,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('issuers')
    .set((eb) => ({ credits: eb('credits', '-', credits) }))
    .where('id', '=', issuerId)
    .where('credits', '>=', credits)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('credit_operations')
    .values({ issuer_id: issuerId, credits: -credits, reason, operation_date: nowIso() })
    .execute();
  return true;
}

/** The issuer with this id; throws when there is none (a signed-in user's or an API key's issuer). */
export async function getIssuer(db: Kysely<Database>, id: number): Promise<ParsedIssuer> {
  return parseIssuer(await db.selectFrom('issuers').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Compiled once: the public certificate page reads an issuer's params at every visit. */
const issuerParamsQuery = compiledOnce(
  (db: Kysely<Database>, issuerId: number) => db.selectFrom('issuers').select('params').where('id', '=', issuerId),
  [-1],
);

/**
 * The issuer's params as stored (the JSON text, for a write that must find them unchanged) and parsed, or undefined
 * when there is no such issuer.
 */
export async function findIssuerParams(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ stored: string; parsed: Record<string, unknown> } | undefined> {
  const [row] = await issuerParamsQuery(db, issuerId);
  return row && { stored: row.params, parsed: parseIssuerParams(row.params) };
}

/** The issuers that have a transparency log (a signed head), by id. */
export async function issuersWithLedger(db: Kysely<Database>): Promise<ParsedIssuer[]> {
  const rows = await db
    .selectFrom('issuers')
    .selectAll()
    .where('id', 'in', db.selectFrom('ledger_heads').select('issuer_id'))
    .orderBy('id')
    .execute();
  return rows.map(parseIssuer);
}
