import type { Kysely } from 'kysely';

/**
 * The last second-factor time step accepted for each user (issue 17, point 8): a code is accepted only for a
 * step after this one, so a code seen over someone's shoulder or replayed from a log cannot open a second session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
}
