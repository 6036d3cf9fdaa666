import type { Kysely } from 'kysely';
import type { CampaignItem, CampaignsResponse, CreditsResponse } from '../../../domain/publication';
import type { Database } from '../../db/schema';
import { campaignPage, type CampaignQuery } from '../../repositories/campaigns';
import { readIssuerCredits } from '../../repositories/publication';

export type { CampaignQuery } from '../../repositories/campaigns';

/**
 * The campaigns page's query (spec 001 section 7, Campaigns): the issuer's campaigns, newest first, filtered
 * in the database by template, text (template label, note, publisher's name or campaign id) and dates, one
 * page at a time; active counts come from the certificates' (campaign_id, status_id) index.
 */
export async function listCampaigns(
  db: Kysely<Database>,
  issuerId: number,
  query: CampaignQuery,
): Promise<CampaignsResponse> {
  const { count, rows } = await campaignPage(db, issuerId, query);
  const campaigns: CampaignItem[] = rows.map((row) => ({
    ID: row.id,
    templateId: row.template_id,
    label: row.label,
    date: row.created_at,
    Status: row.status,
    nbActive: Number(row.active ?? 0),
    certifiedDegrees: row.certified_degrees,
    userFirstname: row.first_name ?? '',
    userLastname: row.last_name ?? '',
    Notes: row.notes,
  }));
  const nbCampaigns = count;
  const lastCampaign =
    query.offset === 0
      ? (campaigns[0] ?? null)
      : nbCampaigns > 0
        ? (await listCampaigns(db, issuerId, { ...query, offset: 0, limit: 1 })).campaigns[0]
        : null;
  return { campaigns, lastCampaign, nbCampaigns };
}

/** GET /api/issuer/{id}/credits: the balance and every operation, newest first. */
export async function readCredits(db: Kysely<Database>, issuerId: number): Promise<CreditsResponse> {
  const { credits, operations } = await readIssuerCredits(db, issuerId);
  return { current: credits, operations };
}
