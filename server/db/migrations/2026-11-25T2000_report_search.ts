import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migrationHelpers';

/**
 * The report page as the web app loads it, over a million certificates (issue 16, point 2):
 * - report_counts: certificates per campaign, status and mail state (0 not sent, 1 sent, 2 not delivered,
 *   3 opened: the values of the report's mail filter), kept by triggers in the statement that changes a
 *   certificate, whoever runs it. Every status/mail filter's total comes from it, and the page query picks its
 *   index from it. No foreign key: cascades delete certificates, whose own triggers take the counts back.
 * - the search box: a trigram index over "first last address recipient-key" (FTS5 trigram on SQLite, pg_trgm
 *   GIN on PostgreSQL), so any part of a name, an address or a recipient key is found without a scan.
 * - indexes that give each sortable column's order within a template, and one that narrows a template or a
 *   campaign to statuses and mail states.
 * The expressions below are repeated in server/services/reports/reportQueries.ts: an index on an expression is
 * used only for the same expression.
 */

/** Must match MAIL_STATE_SQL in server/services/reports/reportQueries.ts. */
const mailState = (row = '') =>
  `(case when ${row}mail_sent is null then 0 when ${row}mail_sent = 0 then 2 when ${row}mail_read_at is null then 1 else 3 end)`;
/** Must match SEARCH_TEXT_SQL in server/services/reports/reportQueries.ts. */
const searchText = (row = '') =>
  `lower(${row}first_name || ' ' || ${row}last_name || ' ' || ${row}email || ' ' || ${row}recipient_key)`;

const SORT_INDEXES = ['status_id', 'language', 'mail_sent_at', 'first_name', 'last_name'];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('report_counts')
    .addColumn('campaign_id', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('mail_state', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_counts_key', ['campaign_id', 'status_id', 'mail_state'])
    .execute();
  await db.schema.createIndex('report_counts_template').on('report_counts').column('template_id').execute();
  await sql`
    insert into report_counts (campaign_id, template_id, status_id, mail_state, n)
    select campaign_id, min(template_id), status_id, ${sql.raw(mailState())}, count(*)
    from certificates group by campaign_id, status_id, ${sql.raw(mailState())}`.execute(db);

  for (const column of SORT_INDEXES) {
    await sql`create index ${sql.raw(`certificates_template_sort_${column}`)}
      on certificates (template_id, ${sql.raw(column)}, id)`.execute(db);
  }
  await sql`create index certificates_report_filter
    on certificates (template_id, status_id, ${sql.raw(mailState())}, campaign_id, id)`.execute(db);

  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index certificates_search_trgm on certificates
      using gin ((${sql.raw(searchText())}) gin_trgm_ops)`.execute(db);
    // inserts and deletes come by the hundred (or a cascade): counted per statement, so that one counter row is
    // not rewritten once per certificate in a transaction; updates change a few rows at a time
    await sql`
      create function certificates_report_counts_insert() returns trigger language plpgsql as $$
      begin
        insert into report_counts (campaign_id, template_id, status_id, mail_state, n)
        select campaign_id, min(template_id), status_id, ${sql.raw(mailState())}, count(*)
        from new_rows group by campaign_id, status_id, ${sql.raw(mailState())}
        on conflict (campaign_id, status_id, mail_state) do update set n = report_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    await sql`
      create function certificates_report_counts_delete() returns trigger language plpgsql as $$
      begin
        update report_counts set n = report_counts.n - gone.n
        from (select campaign_id, status_id, ${sql.raw(mailState())} as mail_state, count(*) as n
              from old_rows group by campaign_id, status_id, ${sql.raw(mailState())}) as gone
        where report_counts.campaign_id = gone.campaign_id and report_counts.status_id = gone.status_id
          and report_counts.mail_state = gone.mail_state;
        delete from report_counts where n <= 0 and campaign_id in (select distinct campaign_id from old_rows);
        return null;
      end $$`.execute(db);
    await sql`
      create function certificates_report_counts_update() returns trigger language plpgsql as $$
      begin
        update report_counts set n = n - 1 where campaign_id = old.campaign_id and status_id = old.status_id
          and mail_state = ${sql.raw(mailState('old.'))};
        delete from report_counts where campaign_id = old.campaign_id and status_id = old.status_id
          and mail_state = ${sql.raw(mailState('old.'))} and n <= 0;
        insert into report_counts (campaign_id, template_id, status_id, mail_state, n)
        values (new.campaign_id, new.template_id, new.status_id, ${sql.raw(mailState('new.'))}, 1)
        on conflict (campaign_id, status_id, mail_state) do update set n = report_counts.n + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger certificates_report_counts_insert after insert on certificates
      referencing new table as new_rows for each statement
      execute function certificates_report_counts_insert()`.execute(db);
    await sql`create trigger certificates_report_counts_delete after delete on certificates
      referencing old table as old_rows for each statement
      execute function certificates_report_counts_delete()`.execute(db);
    await sql`create trigger certificates_report_counts_update
      after update of status_id, mail_sent, mail_read_at, campaign_id on certificates for each row
      when (old.status_id <> new.status_id or old.campaign_id <> new.campaign_id
        or ${sql.raw(mailState('old.'))} <> ${sql.raw(mailState('new.'))})
      execute function certificates_report_counts_update()`.execute(db);
  } else {
    // contentless: the text is only indexed; a certificate's row is deleted by its rowid (the certificate's id)
    await sql`create virtual table certificate_search using fts5(text, tokenize = 'trigram', content = '',
      contentless_delete = 1)`.execute(db);
    await sql`insert into certificate_search (rowid, text) select id, ${sql.raw(searchText())} from certificates`.execute(
      db,
    );
    const add = (row: 'new' | 'old', sign: '+' | '-') =>
      sign === '+'
        ? `insert into report_counts (campaign_id, template_id, status_id, mail_state, n)
           values (new.campaign_id, new.template_id, new.status_id, ${mailState('new.')}, 1)
           on conflict (campaign_id, status_id, mail_state) do update set n = n + 1;`
        : `update report_counts set n = n - 1 where campaign_id = ${row}.campaign_id and status_id = ${row}.status_id
             and mail_state = ${mailState(`${row}.`)};
           delete from report_counts where campaign_id = ${row}.campaign_id and status_id = ${row}.status_id
             and mail_state = ${mailState(`${row}.`)} and n <= 0;`;
    await sql`create trigger certificates_report_insert after insert on certificates begin
      ${sql.raw(add('new', '+'))}
      insert into certificate_search (rowid, text) values (new.id, ${sql.raw(searchText('new.'))});
    end`.execute(db);
    await sql`create trigger certificates_report_delete after delete on certificates begin
      ${sql.raw(add('old', '-'))}
      delete from certificate_search where rowid = old.id;
    end`.execute(db);
    await sql`create trigger certificates_report_counts_update
      after update of status_id, mail_sent, mail_read_at, campaign_id on certificates
      when old.status_id <> new.status_id or old.campaign_id <> new.campaign_id
        or ${sql.raw(mailState('old.'))} <> ${sql.raw(mailState('new.'))}
      begin ${sql.raw(add('old', '-'))} ${sql.raw(add('new', '+'))} end`.execute(db);
    await sql`create trigger certificates_report_search_update
      after update of first_name, last_name, email, recipient_key on certificates begin
      delete from certificate_search where rowid = old.id;
      insert into certificate_search (rowid, text) values (new.id, ${sql.raw(searchText('new.'))});
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const operation of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.raw(`certificates_report_counts_${operation}`)} on certificates`.execute(db);
      await sql`drop function ${sql.raw(`certificates_report_counts_${operation}`)}()`.execute(db);
    }
    await sql`drop index certificates_search_trgm`.execute(db);
  } else {
    for (const trigger of [
      'certificates_report_insert',
      'certificates_report_delete',
      'certificates_report_counts_update',
      'certificates_report_search_update',
    ]) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table certificate_search`.execute(db);
  }
  await db.schema.dropIndex('certificates_report_filter').execute();
  for (const column of SORT_INDEXES) await db.schema.dropIndex(`certificates_template_sort_${column}`).execute();
  await db.schema.dropTable('report_counts').execute();
}
