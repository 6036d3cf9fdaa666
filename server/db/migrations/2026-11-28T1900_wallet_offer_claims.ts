import type { Kysely } from 'kysely';

/**
 * One offer, any wallet (issue 30): an offer is no longer made for one protocol; the protocol that takes it is
 * recorded when it does (`claimed_protocol`: 'oid4vci' or 'vcapi'), which the report shows. `challenge_hash` is the
 * SHA-256 of the VC-API exchange's current challenge (one at a time, bound to the offer, spent with the claim).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_offers').addColumn('claimed_protocol', 'text').execute();
  await db.schema.alterTable('wallet_offers').addColumn('challenge_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_offers').dropColumn('challenge_hash').execute();
  await db.schema.alterTable('wallet_offers').dropColumn('claimed_protocol').execute();
}
