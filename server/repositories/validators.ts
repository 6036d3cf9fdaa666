import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';

/** The issuers a validator validates (its own issuer is not among them), by id. */
export async function validatedIssuerIds(db: Kysely<Database>, validatorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('validated_issuers')
    .select('issuer_id')
    .where('validator_id', '=', validatorId)
    .orderBy('issuer_id')
    .execute();
  return rows.map((row) => row.issuer_id);
}

/** Every validator and the issuers it validates, for the operators' issuer list. */
export async function allValidations(db: Kysely<Database>): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('validated_issuers')
    .select(['validator_id', 'issuer_id'])
    .orderBy('validator_id')
    .orderBy('issuer_id')
    .execute();
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.validator_id, [...(map.get(row.validator_id) ?? []), row.issuer_id]);
  return map;
}

/**
 * Makes the validator validate `issuerIds` (besides those it already does); returns the ones newly added. The
 * issuer's is_validator flag follows: set while it validates at least one issuer. Run inside a transaction.
 */
export async function addValidatedIssuers(
  db: Kysely<Database>,
  validatorId: number,
  issuerIds: readonly number[],
): Promise<number[]> {
  const existing = new Set(await validatedIssuerIds(db, validatorId));
  const added = [...new Set(issuerIds)].filter((id) => !existing.has(id) && id !== validatorId);
  if (added.length > 0) {
    const createdAt = nowIso();
    await db
      .insertInto('validated_issuers')
      .values(added.map((issuerId) => ({ validator_id: validatorId, issuer_id: issuerId, created_at: createdAt })))
      .execute();
  }
  await syncValidatorFlag(db, validatorId);
  return added;
}

/** Stops the validator from validating `issuerIds` (all when null); returns the ones it validated and no longer does. */
export async function removeValidatedIssuers(
  db: Kysely<Database>,
  validatorId: number,
  issuerIds: readonly number[] | null,
): Promise<number[]> {
  const existing = await validatedIssuerIds(db, validatorId);
  const removed = issuerIds === null ? existing : existing.filter((id) => issuerIds.includes(id));
  if (removed.length > 0) {
    await db
      .deleteFrom('validated_issuers')
      .where('validator_id', '=', validatorId)
      .where('issuer_id', 'in', removed)
      .execute();
  }
  await syncValidatorFlag(db, validatorId);
  return removed;
}

async function syncValidatorFlag(db: Kysely<Database>, validatorId: number): Promise<void> {
  const remaining = await validatedIssuerIds(db, validatorId);
  await db
    .updateTable('issuers')
    .set({ is_validator: remaining.length > 0 ? 1 : 0 })
    .where('id', '=', validatorId)
    .execute();
}
