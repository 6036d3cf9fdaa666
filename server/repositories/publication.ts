import type { Insertable, Kysely } from 'kysely';
import type { CampaignTable, Database } from '../db/schema';

/**
 * The writes that open and close a publication (services/publication/publish.ts, parts.ts, and the corrected
 * re-issue), and the credit reads of the campaigns page. The issuers' and credit operations' own repositories are
 * the other half's files: these statements moved here unchanged from the publication services (issue 29).
 */

/** One conditional debit: true when the issuer had `credits` and they are taken, false (nothing changed) otherwise. */
export async function debitIssuerCredits(trx: Kysely<Database>, issuerId: number, credits: number): Promise<boolean> {
  const debited = await trx
    .updateTable('issuers')
    .set((eb) => ({ credits: eb('credits', '-', credits) }))
    .where('id', '=', issuerId)
    .where('credits', '>=', credits)
    .executeTakeFirst();
  return Number(debited.numUpdatedRows) === 1;
}

/** The issuer's credit balance (undefined when there is no such issuer). */
export async function findIssuerCredits(db: Kysely<Database>, issuerId: number): Promise<number | undefined> {
  const issuer = await db.selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirst();
  return issuer?.credits;
}

export async function insertCampaign(trx: Kysely<Database>, campaign: Insertable<CampaignTable>): Promise<number> {
  const { id } = await trx.insertInto('campaigns').values(campaign).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertCreditOperation(
  trx: Kysely<Database>,
  operation: { issuer_id: number; credits: number; reason: string; operation_date: string },
): Promise<void> {
  await trx.insertInto('credit_operations').values(operation).execute();
}

/** The campaign's count row (its certificates' status list) and the template's counter and last campaign. */
export async function recordCampaignCounts(
  trx: Kysely<Database>,
  templateId: number,
  campaignId: number,
  written: { statusId: number; count: number; now: string },
): Promise<void> {
  await trx
    .insertInto('certificate_counts')
    .values({ campaign_id: campaignId, template_id: templateId, status_id: written.statusId, n: written.count })
    .execute();
  await trx
    .updateTable('templates')
    .set((eb) => ({
      certification_counter: eb('certification_counter', '+', written.count),
      last_campaign_id: campaignId,
      last_campaign_date: written.now,
    }))
    .where('id', '=', templateId)
    .execute();
}

/** GET /api/issuer/{id}/credits: the balance (the issuer must exist) and the last 500 operations, newest first. */
export async function readIssuerCredits(db: Kysely<Database>, issuerId: number) {
  const issuer = await db.selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow();
  const operations = await db
    .selectFrom('credit_operations')
    .select(['operation_date', 'credits', 'reason'])
    .where('issuer_id', '=', issuerId)
    .orderBy('operation_date', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { credits: issuer.credits, operations };
}
