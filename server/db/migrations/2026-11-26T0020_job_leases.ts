import { sql, type Kysely } from 'kysely';

/**
 * Job leases and singleton keys (issue 19, issue 17 point 2). A running job holds a lease until `lease_until`,
 * renewed by its worker's heartbeat and owned by `lease_owner` (a random token per claim): a job whose lease lapsed
 * (its process died) is taken up again by another worker. `singleton_key`: at most one queued or running job of a
 * key (a partial unique index, which SQLite and PostgreSQL both have).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('singleton_key', 'text').execute();
  await db.schema
    .createIndex('jobs_singleton')
    .on('jobs')
    .column('singleton_key')
    .unique()
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lease_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_lease').execute();
  await db.schema.dropIndex('jobs_singleton').execute();
  await db.schema.alterTable('jobs').dropColumn('singleton_key').execute();
  await db.schema.alterTable('jobs').dropColumn('lease_owner').execute();
  await db.schema.alterTable('jobs').dropColumn('lease_until').execute();
}
