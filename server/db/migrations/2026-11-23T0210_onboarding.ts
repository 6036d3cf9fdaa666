import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * The onboarding questionnaire's answers (spec 000 section 2.6), kept by us rather than sent to a marketing-form
 * service: who answered, in which language, and the six answers as a JSON object of value lists. The issuer's
 * params record that the account is onboarded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('onboarding_answers')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('onboarding_answers_issuer')
    .on('onboarding_answers')
    .columns(['issuer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('onboarding_answers').execute();
}
