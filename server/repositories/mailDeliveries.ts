import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database, MailDelivery } from '../db/schema';

export interface MailDeliveryWrite {
  certificateId: number;
  issuerId: number;
  templateId: number;
  /** the message settings, as JSON */
  message: string;
  requestedAt: string;
  state: 'pending' | 'failed';
  attempts: number;
  windowStartedAt: string;
  nextAttemptAt: string | null;
  lastError: string;
}

/** Records a certificate's undelivered message (one row per certificate: a newer send replaces it). */
export async function saveMailDelivery(db: Kysely<Database>, row: MailDeliveryWrite): Promise<void> {
  const values = {
    issuer_id: row.issuerId,
    template_id: row.templateId,
    message: row.message,
    requested_at: row.requestedAt,
    state: row.state,
    attempts: row.attempts,
    window_started_at: row.windowStartedAt,
    next_attempt_at: row.nextAttemptAt,
    last_error: row.lastError.slice(0, 1000),
    updated_at: nowIso(),
  };
  await db
    .insertInto('mail_deliveries')
    .values({ certificate_id: row.certificateId, ...values })
    .onConflict((oc) => oc.column('certificate_id').doUpdateSet(values))
    .execute();
}

export async function deleteMailDelivery(db: Kysely<Database>, certificateId: number): Promise<void> {
  await db.deleteFrom('mail_deliveries').where('certificate_id', '=', certificateId).execute();
}

/** Pending messages whose next attempt is due, oldest due first. */
export function dueMailDeliveries(db: Kysely<Database>, now: string, limit: number): Promise<MailDelivery[]> {
  return db
    .selectFrom('mail_deliveries')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('certificate_id')
    .limit(limit)
    .execute();
}

/**
 * Takes a due message for this worker: its next attempt moves to `until` (the claim's end, after which another
 * worker may take it if this one died) only if nobody moved it since it was read.
 */
export async function claimMailDelivery(db: Kysely<Database>, row: MailDelivery, until: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_deliveries')
    .set({ next_attempt_at: until, updated_at: nowIso() })
    .where('certificate_id', '=', row.certificate_id)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '=', row.next_attempt_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The earliest planned attempt of a pending message, if any. */
export async function nextPendingMailAttempt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('mail_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return (row?.next as string | null | undefined) ?? null;
}

/** The undelivered messages of some certificates of an issuer (a report page's rows). */
export async function mailDeliveriesOf(
  db: Kysely<Database>,
  issuerId: number,
  certificateIds: readonly number[],
): Promise<MailDelivery[]> {
  if (certificateIds.length === 0) return [];
  return db
    .selectFrom('mail_deliveries')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('certificate_id', 'in', certificateIds)
    .execute();
}

const SCHEDULE = 'retry';

/** When the retry job is planned, or null. */
export async function plannedMailRetry(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('mail_retry_schedule')
    .select('run_at')
    .where('name', '=', SCHEDULE)
    .executeTakeFirst();
  return row?.run_at ?? null;
}

export async function planMailRetry(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('mail_retry_schedule')
    .values({ name: SCHEDULE, run_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ run_at: at }))
    .execute();
}

/** The planned job runs: plans at or before `now` are used up. */
export async function clearPlannedMailRetry(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('mail_retry_schedule').where('name', '=', SCHEDULE).where('run_at', '<=', now).execute();
}
