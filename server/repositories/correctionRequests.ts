import type { Kysely } from 'kysely';
import type { CorrectionState } from '../../domain/correctionRequests';
import type { Database } from '../db/schema';

/**
 * The recipient's correction requests (issue 28; domain/correctionRequests.ts). A certificate has at most one
 * pending request: a second ask replaces the pending one's changes and message (the service decides).
 */

/** What a correction request needs of a certificate, found by its public key. */
export function correctionCertificate(db: Kysely<Database>, where: { key: string } | { id: number }) {
  let query = db
    .selectFrom('certificates')
    .innerJoin('templates', 'templates.id', 'certificates.template_id')
    .select([
      'certificates.id',
      'certificates.key',
      'certificates.issuer_id',
      'certificates.template_id',
      'certificates.status_id',
      'certificates.email',
      'certificates.language',
      'certificates.first_name',
      'certificates.last_name',
      'certificates.data',
      'certificates.expiration_date',
      'templates.is_nft',
    ])
    .select((eb) => eb('certificates.credential', 'is not', null).as('signed'));
  query =
    'id' in where ? query.where('certificates.id', '=', where.id) : query.where('certificates.key', '=', where.key);
  return query.executeTakeFirst();
}

export type CorrectionCertificate = NonNullable<Awaited<ReturnType<typeof correctionCertificate>>>;

export function pendingRequestOf(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('correction_requests')
    .selectAll()
    .where('certificate_id', '=', certificateId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function insertCorrectionRequest(
  db: Kysely<Database>,
  values: { issuer_id: number; certificate_id: number; changes: string; message: string; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('correction_requests')
    .values({ ...values, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A new ask for a certificate with a pending request: its changes and message replace the earlier ones. */
export async function replacePendingRequest(
  db: Kysely<Database>,
  id: number,
  values: { changes: string; message: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('correction_requests')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a correction was already approved automatically for this certificate, or this certificate is the one an
 * automatic approval made: the automatic approval happens once in a certificate's line.
 */
export async function hadAutomaticApproval(
  db: Kysely<Database>,
  certificate: { id: number; key: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('correction_requests')
    .select('id')
    .where('automatic', '=', 1)
    .where((eb) => eb.or([eb('certificate_id', '=', certificate.id), eb('replacement_key', '=', certificate.key)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the answer of a pending request; false when it was no longer pending (answered meanwhile): the caller's
 * transaction then rolls back.
 */
export async function answerCorrectionRequest(
  db: Kysely<Database>,
  id: number,
  answer: {
    status: Exclude<CorrectionState, 'pending'>;
    answer: string | null;
    answered_at: string;
    answered_by: number | null;
    automatic: number;
    replacement_key: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('correction_requests')
    .set(answer)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function requestsQuery(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('correction_requests')
    .innerJoin('certificates', 'certificates.id', 'correction_requests.certificate_id')
    .selectAll('correction_requests')
    .select([
      'certificates.key as certificate_key',
      'certificates.email as certificate_email',
      'certificates.template_id as template_id',
    ])
    .where('correction_requests.issuer_id', '=', issuerId);
}

export type CorrectionRequestRow = NonNullable<Awaited<ReturnType<typeof findCorrectionRequest>>>;

/** One of the issuer's requests (another issuer's is not found). */
export function findCorrectionRequest(db: Kysely<Database>, issuerId: number, id: number) {
  return requestsQuery(db, issuerId).where('correction_requests.id', '=', id).executeTakeFirst();
}

/** The issuer's requests, newest first, optionally of some states or some certificates. */
export async function listCorrectionRequests(
  db: Kysely<Database>,
  issuerId: number,
  filter: { statuses?: readonly string[]; certificateKeys?: readonly string[]; limit: number; offset: number },
): Promise<{ rows: CorrectionRequestRow[]; total: number }> {
  let query = requestsQuery(db, issuerId);
  let count = db
    .selectFrom('correction_requests')
    .innerJoin('certificates', 'certificates.id', 'correction_requests.certificate_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('correction_requests.issuer_id', '=', issuerId);
  if (filter.statuses && filter.statuses.length > 0) {
    query = query.where('correction_requests.status', 'in', filter.statuses);
    count = count.where('correction_requests.status', 'in', filter.statuses);
  }
  if (filter.certificateKeys && filter.certificateKeys.length > 0) {
    query = query.where('certificates.key', 'in', filter.certificateKeys);
    count = count.where('certificates.key', 'in', filter.certificateKeys);
  }
  const rows = await query
    .orderBy('correction_requests.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const total = Number((await count.executeTakeFirst())?.n ?? 0);
  return { rows, total };
}

/** How many requests of the issuer wait for an answer (the dashboard's indicator). */
export async function countPendingCorrections(db: Kysely<Database>, issuerId: number): Promise<number> {
  const row = await db
    .selectFrom('correction_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issuer_id', '=', issuerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of `certificateIds` that have a pending request (the report's mark on a page of rows). */
export async function pendingCorrectionsOf(
  db: Kysely<Database>,
  certificateIds: readonly number[],
): Promise<Map<number, number>> {
  if (certificateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('correction_requests')
    .select(['certificate_id', 'id'])
    .where('certificate_id', 'in', certificateIds)
    .where('status', '=', 'pending')
    .execute();
  return new Map(rows.map((row) => [row.certificate_id, Number(row.id)]));
}

export async function setAutoApproveCorrections(db: Kysely<Database>, issuerId: number, on: boolean): Promise<void> {
  await db
    .updateTable('issuers')
    .set({ auto_approve_corrections: on ? 1 : 0 })
    .where('id', '=', issuerId)
    .execute();
}
