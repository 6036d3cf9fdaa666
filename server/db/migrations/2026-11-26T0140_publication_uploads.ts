import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Publications sent in parts (issue 16 point 6): an upload belongs to one issuer, user and template and expires;
 * each part is validated on arrival and kept as its recipients (one staged row per recipient, its import rows as
 * JSON) until the commit turns them into ONE campaign. `recipient_key` is unique per upload, so a recipient whose
 * rows were split over two parts is refused when the second part arrives. Parts are replaced whole when sent again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('publication_uploads')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('automated_emailing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('campaign_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publication_uploads_expiry').on('publication_uploads').column('expires_at').execute();
  await db.schema
    .createTable('publication_upload_parts')
    .addColumn('upload_id', 'integer', (c) => c.notNull().references('publication_uploads.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('publication_upload_parts_pk', ['upload_id', 'part_number'])
    .execute();
  await db.schema
    .createTable('publication_upload_rows')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('upload_id', 'integer', (c) => c.notNull().references('publication_uploads.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('recipient_key', 'text', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addUniqueConstraint('publication_upload_rows_recipient', ['upload_id', 'recipient_key'])
    .execute();
  await db.schema
    .createIndex('publication_upload_rows_order')
    .on('publication_upload_rows')
    .columns(['upload_id', 'part_number', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publication_upload_rows').execute();
  await db.schema.dropTable('publication_upload_parts').execute();
  await db.schema.dropTable('publication_uploads').execute();
}
