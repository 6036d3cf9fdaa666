import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface OperationTarget {
  id: number;
  campaign_id: number;
  status_id: number;
  is_nft: number;
  fields_to_certified: string;
}

/** The issuer's certificates with these keys (at most one chunk), in this campaign when given, with their template's flags. */
export function operationTargets(
  db: Kysely<Database>,
  issuerId: number,
  keys: readonly string[],
  campaignId?: number,
): Promise<OperationTarget[]> {
  let query = db
    .selectFrom('certificates as c')
    .innerJoin('templates as t', 't.id', 'c.template_id')
    .select(['c.id', 'c.campaign_id', 'c.status_id', 't.is_nft', 't.fields_to_certified'])
    .where('c.issuer_id', '=', issuerId)
    .where('c.key', 'in', keys);
  if (campaignId !== undefined) query = query.where('c.campaign_id', '=', campaignId);
  return query.execute();
}

/** Sets these certificates' status (at most one chunk of ids); how many rows changed. */
export async function setCertificateStatus(
  db: Kysely<Database>,
  ids: readonly number[],
  statusId: number,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('certificates')
    .set({ status_id: statusId, updated_at: now })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The issuer's certificate with its status and its template's type, or undefined. */
export function certificateWithType(db: Kysely<Database>, issuerId: number, id: number) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('templates as t', 't.id', 'c.template_id')
    .select(['c.id', 'c.status_id', 't.type'])
    .where('c.issuer_id', '=', issuerId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** A certificate's new recipient address; its mail states start over. */
export async function setCertificateEmail(db: Kysely<Database>, id: number, email: string, now: string): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ email, mail_sent: null, mail_sent_at: null, mail_read_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The issuer's campaign's note; false when there is no such campaign. */
export async function setCampaignNotes(
  db: Kysely<Database>,
  issuerId: number,
  campaignId: number,
  notes: string,
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ notes })
    .where('issuer_id', '=', issuerId)
    .where('id', '=', campaignId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}
