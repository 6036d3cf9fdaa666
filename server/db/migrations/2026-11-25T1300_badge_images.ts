import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * The badge image library (spec 002 sections 3 and 7): an issuer's vector badge designs, each a name and a model
 * (JSON), with a PNG thumbnail rendered by the server when saved. badge_libraries records which issuers have
 * received the default library, so it is given once, also to issuers that existed before this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('badge_images')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('badge_images_issuer').on('badge_images').column('issuer_id').execute();

  await db.schema
    .createTable('badge_libraries')
    .addColumn('issuer_id', 'integer', (c) => c.primaryKey().references('issuers.id').onDelete('cascade'))
    .addColumn('seeded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('badge_libraries').execute();
  await db.schema.dropTable('badge_images').execute();
}
