import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Codes mailed to a certificate's address (issue 30 "only the recipient claims", issue 28 correction requests).
 * `recipient_codes`: a code the public page mailed to prove the visitor holds the certificate's address, for one
 * purpose ('wallet' | 'correction'), kept as its SHA-256 (bound to the certificate and the purpose), one-time,
 * short-lived, with a count of wrong tries. `wallet_mail_offers`: which wallet offers went out in a certificate mail,
 * so a certificate's unclaimed mail offers can be bounded (an offer's code is hashed: a mail sent again cannot reuse
 * the earlier one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recipient_codes')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recipient_codes_certificate_purpose')
    .on('recipient_codes')
    .columns(['certificate_id', 'purpose'])
    .execute();
  await db.schema
    .createTable('wallet_mail_offers')
    .addColumn('offer_id', 'integer', (c) => c.primaryKey())
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_mail_offers_certificate')
    .on('wallet_mail_offers')
    .column('certificate_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_mail_offers').execute();
  await db.schema.dropTable('recipient_codes').execute();
}
