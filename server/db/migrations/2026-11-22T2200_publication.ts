import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from '../migrationHelpers';

/**
 * Publication (spec 001 sections 3, 4 and 7; spec 002 section 4): campaigns, their certificates, and the jobs
 * table the in-process worker reads. A certificate's place in its issuer's status lists is status_index,
 * allocated from issuers.next_status_index in the publishing transaction; the revocation and suspension bits
 * are read from status_id, so they change in the same transaction as the status itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('issuers')
    .addColumn('next_status_index', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('issuers')
    .addColumn('status_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Started'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('certified_degrees', 'integer', (c) => c.notNull())
    .addColumn('automated_emailing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('campaigns_issuer_date').on('campaigns').columns(['issuer_id', 'created_at']).execute();
  await db.schema
    .createIndex('campaigns_template_date')
    .on('campaigns')
    .columns(['template_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('campaigns_idempotency')
    .on('campaigns')
    .columns(['issuer_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('translations', 'text')
    .addColumn('obtention_date', 'text', (c) => c.notNull())
    .addColumn('expiration_date', 'text')
    .addColumn('status_index', 'integer', (c) => c.notNull())
    .addColumn('credential', 'text')
    .addColumn('nft_token_id', 'text')
    .addColumn('nft_transaction', 'text')
    .addColumn('mail_sent', 'integer')
    .addColumn('mail_sent_at', 'text')
    .addColumn('mail_read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('certificates_issuer_status_index', ['issuer_id', 'status_index'])
    .execute();
  await db.schema.createIndex('certificates_issuer_email').on('certificates').columns(['issuer_id', 'email']).execute();
  // Reports page in publication order (id) within a campaign or a template, whatever the status filter. No
  // index leads with status_id: SQLite's planner then prefers it and sorts a whole template to return 20 rows.
  await db.schema.createIndex('certificates_campaign_id').on('certificates').columns(['campaign_id', 'id']).execute();
  await db.schema.createIndex('certificates_template_id').on('certificates').columns(['template_id', 'id']).execute();
  // The reports' search box: prefixes of the address, the recipient's key and the "last first" name, as ranges
  // (in byte order on PostgreSQL too, whatever the database's collation, so that a range is a prefix).
  for (const column of ['email', 'recipient_key', 'search_name']) {
    const name = `certificates_template_${column}`;
    if (isPostgres(db)) {
      await sql`create index ${sql.raw(name)} on certificates (template_id, ${sql.raw(column)} collate "C")`.execute(
        db,
      );
    } else {
      await db.schema.createIndex(name).on('certificates').columns(['template_id', column]).execute();
    }
  }

  // certificates per campaign and status, recounted in the transaction that changes them: the reports'
  // counters and totals without counting a million rows
  await db.schema
    .createTable('certificate_counts')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_counts_key', ['campaign_id', 'status_id'])
    .execute();
  await db.schema.createIndex('certificate_counts_template').on('certificate_counts').column('template_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_run_at').on('jobs').columns(['status', 'run_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('certificate_counts').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.alterTable('issuers').dropColumn('status_version').execute();
  await db.schema.alterTable('issuers').dropColumn('next_status_index').execute();
}
