import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Template tags (spec 001 section 3, Tag): an issuer's tags and which templates carry them, in tables so that a
 * rename or a removal reaches every template at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_issuer').on('tags').column('issuer_id').execute();

  await db.schema
    .createTable('template_tags')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('template_tags_pk', ['tag_id', 'template_id'])
    .execute();
  await db.schema.createIndex('template_tags_template').on('template_tags').column('template_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('template_tags').execute();
  await db.schema.dropTable('tags').execute();
}
