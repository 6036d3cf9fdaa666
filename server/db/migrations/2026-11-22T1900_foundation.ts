import { sql, type Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('issuers')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('FREE_TRIAL'))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_validator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('domains', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sso_config', 'text')
    .addColumn('has_pathway', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_rncp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metatemplates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('issuers_credits_not_negative', sql`credits >= 0`)
    .execute();

  await db.schema
    .createTable('org_units')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('org_units_issuer_name', ['issuer_id', 'name'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_id', 'integer', (c) => c.notNull())
    .addColumn('org_unit_id', 'integer', (c) => c.references('org_units.id').onDelete('set null'))
    .addColumn('totp_secret', 'text')
    .addColumn('ok_cgu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ok_notice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/Paris'))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('issuer'))
    .addColumn('no_totp_alert_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_verified_alert_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_issuer_email', ['issuer_id', 'email'])
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_operations')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('operation_date', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_operations_issuer_date')
    .on('credit_operations')
    .columns(['issuer_id', 'operation_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'credit_operations',
    'outbox',
    'login_links',
    'revoked_tokens',
    'settings',
    'users',
    'org_units',
    'issuers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
