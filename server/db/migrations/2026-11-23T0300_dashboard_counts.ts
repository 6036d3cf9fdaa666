import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migrationHelpers';

/**
 * The dashboard's email figures kept per issuer, template and UTC day the email was sent (spec 000 section 2.5):
 * at a million certificates, counting the entries of the partial index certificates_issuer_mail_sent_at took
 * 100 ms for an issuer's all-time total and 550 ms for a year of activity (docs/performance.md). Triggers on
 * certificates keep the counts in the statement that changes a certificate's email columns, whoever runs it
 * (sending, opening, resetting an address, a cascade); the table has no foreign key so that cascades cannot
 * remove counts that the certificates' own delete triggers then take back. The index goes: nothing else reads it.
 */

/** Adds (sign 1) or takes back (sign -1) one certificate's email to its day's counts. */
const contribution = (row: 'new' | 'old', sign: 1 | -1) => `
  insert into email_counts (issuer_id, day, template_id, sent, opened, rejected)
  select ${row}.issuer_id, substr(${row}.mail_sent_at, 1, 10), ${row}.template_id,
    ${sign} * (case when ${row}.mail_sent = 1 and ${row}.mail_read_at is null then 1 else 0 end),
    ${sign} * (case when ${row}.mail_sent = 1 and ${row}.mail_read_at is not null then 1 else 0 end),
    ${sign} * (case when ${row}.mail_sent = 0 then 1 else 0 end)
  where ${row}.mail_sent_at is not null and ${row}.mail_sent is not null
  on conflict (issuer_id, day, template_id) do update set sent = email_counts.sent + excluded.sent,
    opened = email_counts.opened + excluded.opened, rejected = email_counts.rejected + excluded.rejected;`;

/** Drops the old row's counts when they reach zero, so that the table holds only days with emails. */
const emptied = `
  delete from email_counts where issuer_id = old.issuer_id and day = substr(old.mail_sent_at, 1, 10)
    and template_id = old.template_id and sent = 0 and opened = 0 and rejected = 0;`;

const emailed = (row: 'new' | 'old') => `${row}.mail_sent_at is not null and ${row}.mail_sent is not null`;
const watched = 'issuer_id, template_id, mail_sent, mail_sent_at, mail_read_at';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_counts')
    .addColumn('issuer_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('opened', 'integer', (c) => c.notNull())
    .addColumn('rejected', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_counts_key', ['issuer_id', 'day', 'template_id'])
    .execute();
  await sql`
    insert into email_counts (issuer_id, day, template_id, sent, opened, rejected)
    select issuer_id, substr(mail_sent_at, 1, 10), template_id,
      sum(case when mail_sent = 1 and mail_read_at is null then 1 else 0 end),
      sum(case when mail_sent = 1 and mail_read_at is not null then 1 else 0 end),
      sum(case when mail_sent = 0 then 1 else 0 end)
    from certificates
    where mail_sent_at is not null and mail_sent is not null
    group by issuer_id, substr(mail_sent_at, 1, 10), template_id`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function certificates_email_counts() returns trigger language plpgsql as $$
      begin
        if TG_OP <> 'INSERT' then
          if ${sql.raw(emailed('old'))} then
            ${sql.raw(contribution('old', -1))}
            ${sql.raw(emptied)}
          end if;
        end if;
        if TG_OP <> 'DELETE' then
          if ${sql.raw(emailed('new'))} then
            ${sql.raw(contribution('new', 1))}
          end if;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger certificates_email_counts after insert or delete or update of ${sql.raw(watched)}
      on certificates for each row execute function certificates_email_counts()`.execute(db);
  } else {
    await sql`
      create trigger certificates_email_counts_insert after insert on certificates when ${sql.raw(emailed('new'))}
      begin ${sql.raw(contribution('new', 1))} end`.execute(db);
    await sql`
      create trigger certificates_email_counts_delete after delete on certificates when ${sql.raw(emailed('old'))}
      begin ${sql.raw(contribution('old', -1))} ${sql.raw(emptied)} end`.execute(db);
    await sql`
      create trigger certificates_email_counts_update after update of ${sql.raw(watched)} on certificates
      when (${sql.raw(emailed('old'))}) or (${sql.raw(emailed('new'))})
      begin ${sql.raw(contribution('old', -1))} ${sql.raw(emptied)} ${sql.raw(contribution('new', 1))} end`.execute(db);
  }
  await db.schema.dropIndex('certificates_issuer_mail_sent_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('certificates_issuer_mail_sent_at')
    .on('certificates')
    .columns(['issuer_id', 'mail_sent_at', 'mail_sent', 'template_id', 'mail_read_at'])
    .where(sql.ref('mail_sent_at'), 'is not', null)
    .execute();
  if (isPostgres(db)) {
    await sql`drop trigger certificates_email_counts on certificates`.execute(db);
    await sql`drop function certificates_email_counts()`.execute(db);
  } else {
    for (const operation of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.raw(`certificates_email_counts_${operation}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('email_counts').execute();
}
