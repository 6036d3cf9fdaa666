import { sql, type Kysely } from 'kysely';

/**
 * The validator relation (issue 18): which issuers a validating issuer sees on its dashboard, besides its own.
 * Operators manage it with the command-line tool. Validators made before the relation existed saw every issuer:
 * they keep exactly the issuers that exist now, so nobody loses or gains a view with this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('validated_issuers')
    .addColumn('validator_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('validated_issuers_pk', ['validator_id', 'issuer_id'])
    .addCheckConstraint('validated_issuers_not_self', sql`validator_id <> issuer_id`)
    .execute();
  await db.schema.createIndex('validated_issuers_issuer').on('validated_issuers').column('issuer_id').execute();
  await sql`
    insert into validated_issuers (validator_id, issuer_id, created_at)
    select v.id, i.id, ${new Date().toISOString()}
    from issuers v cross join issuers i
    where v.is_validator = 1 and i.id <> v.id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('validated_issuers').execute();
}
