import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/** Templates (spec 001 section 3). Multi-language and structured fields are JSON text. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('usable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_nft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('network', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('certification_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_campaign_id', 'integer')
    .addColumn('last_campaign_date', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('default_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('technical_fields', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fields_to_certified', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nb_char_max', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_fields', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('cstyle', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reference_tables', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_pathway_parent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_pathway_child', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pathway_definition', 'text')
    .execute();
  await db.schema.createIndex('templates_issuer').on('templates').columns(['issuer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('templates').execute();
}
