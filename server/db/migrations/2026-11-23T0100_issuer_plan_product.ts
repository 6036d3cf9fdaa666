import type { Kysely } from 'kysely';

/**
 * The issuer's self-service product (a pack of domain/selfServiceProducts.ts, which sets the yearly volume cap)
 * and the time a pending cancellation takes effect (spec 000 sections 3 and 4). Both stay null until sales or
 * a billing adapter record them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuers').addColumn('plan_product', 'text').execute();
  await db.schema.alterTable('issuers').addColumn('plan_cancel_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuers').dropColumn('plan_cancel_at').execute();
  await db.schema.alterTable('issuers').dropColumn('plan_product').execute();
}
