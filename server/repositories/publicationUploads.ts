import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PublicationUploadTable } from '../db/schema';

/**
 * The staged publication uploads (services/publication/parts.ts): uploads, their parts and their staged recipients.
 * The statements moved here unchanged from the service (issue 29).
 */
export type Upload = Selectable<PublicationUploadTable>;

/** Up to `limit` ids of an upload's staged rows. */
export function stagedRowIds(db: Kysely<Database>, uploadId: number, limit: number): Promise<{ id: number }[]> {
  return db.selectFrom('publication_upload_rows').select('id').where('upload_id', '=', uploadId).limit(limit).execute();
}

export async function deleteStagedRows(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await db
    .deleteFrom('publication_upload_rows')
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteUploadParts(db: Kysely<Database>, uploadId: number): Promise<void> {
  await db.deleteFrom('publication_upload_parts').where('upload_id', '=', uploadId).execute();
}

/** The upload (its parts go with it). */
export async function deleteUpload(db: Kysely<Database>, uploadId: number): Promise<void> {
  await db.deleteFrom('publication_uploads').where('id', '=', uploadId).execute();
}

export function expiredUploadIds(db: Kysely<Database>, now: string): Promise<{ id: number }[]> {
  return db.selectFrom('publication_uploads').select('id').where('expires_at', '<=', now).execute();
}

export function findIssuerUpload(
  db: Kysely<Database>,
  issuerId: number,
  uploadId: number,
): Promise<Upload | undefined> {
  return db
    .selectFrom('publication_uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
}

export function insertUpload(
  db: Kysely<Database>,
  upload: Insertable<PublicationUploadTable>,
): Promise<{ id: number; expires_at: string }> {
  return db.insertInto('publication_uploads').values(upload).returning(['id', 'expires_at']).executeTakeFirstOrThrow();
}

/** How many rows the upload's parts hold. */
export async function uploadRowTotal(db: Kysely<Database>, uploadId: number): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('publication_upload_parts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('row_count'), eb.lit(0)).as('n'))
        .where('upload_id', '=', uploadId)
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export function findUploadPart(db: Kysely<Database>, uploadId: number, partNumber: number) {
  return db
    .selectFrom('publication_upload_parts')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .where('part_number', '=', partNumber)
    .executeTakeFirst();
}

export async function insertStagedRows(
  trx: Kysely<Database>,
  rows: readonly { upload_id: number; part_number: number; position: number; recipient_key: string; rows: string }[],
): Promise<void> {
  await trx
    .insertInto('publication_upload_rows')
    .values([...rows])
    .execute();
}

export async function insertUploadPart(
  trx: Kysely<Database>,
  part: { upload_id: number; part_number: number; row_count: number; recipient_count: number; request_hash: string },
): Promise<void> {
  await trx.insertInto('publication_upload_parts').values(part).execute();
}

/** A part's staged rows, then the part. */
export async function deleteUploadPart(trx: Kysely<Database>, uploadId: number, partNumber: number): Promise<void> {
  await trx
    .deleteFrom('publication_upload_rows')
    .where('upload_id', '=', uploadId)
    .where('part_number', '=', partNumber)
    .execute();
  await trx
    .deleteFrom('publication_upload_parts')
    .where('upload_id', '=', uploadId)
    .where('part_number', '=', partNumber)
    .execute();
}

export function uploadParts(db: Kysely<Database>, uploadId: number) {
  return db
    .selectFrom('publication_upload_parts')
    .select(['part_number', 'recipient_count'])
    .where('upload_id', '=', uploadId)
    .orderBy('part_number')
    .execute();
}

/**
 * Claims an uncommitted upload for a commit (campaign_id 0 until the campaign exists): a concurrent commit waits on
 * this row, then finds it taken. Answers null when claimed, else the campaign of the commit that took it.
 */
export async function claimUpload(trx: Kysely<Database>, uploadId: number): Promise<number | null> {
  const claimed = await trx
    .updateTable('publication_uploads')
    .set({ campaign_id: 0 })
    .where('id', '=', uploadId)
    .where('campaign_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) return null;
  const winner = await trx
    .selectFrom('publication_uploads')
    .select('campaign_id')
    .where('id', '=', uploadId)
    .executeTakeFirst();
  return winner?.campaign_id ?? 0;
}

/** The next `limit` staged recipients after a (part, position), in order. */
export function stagedRowsAfter(
  trx: Kysely<Database>,
  uploadId: number,
  after: { part: number; position: number },
  limit: number,
) {
  return trx
    .selectFrom('publication_upload_rows')
    .select(['part_number', 'position', 'rows'])
    .where('upload_id', '=', uploadId)
    .where((eb) =>
      eb.or([
        eb('part_number', '>', after.part),
        eb.and([eb('part_number', '=', after.part), eb('position', '>', after.position)]),
      ]),
    )
    .orderBy('part_number')
    .orderBy('position')
    .limit(limit)
    .execute();
}

export async function markUploadCommitted(trx: Kysely<Database>, uploadId: number, campaignId: number): Promise<void> {
  await trx.updateTable('publication_uploads').set({ campaign_id: campaignId }).where('id', '=', uploadId).execute();
}
