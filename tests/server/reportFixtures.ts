import { expect } from 'vitest';
import type { LaurelApp } from '../../server/app';
import { insertGeneratedCertificates } from './bulkCertificates';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';

/**
 * A badge template and a campaign of `count` generated certificates (bulkCertificates.ts): one row published
 * through the API makes the campaign, then its certificate gives way to the generated ones.
 */
export async function generatedCampaign(
  app: LaurelApp,
  headers: Record<string, string>,
  issuerId: number,
  count: number,
): Promise<{ templateId: number; campaignId: number }> {
  const templateId = await createBadgeTemplate(app, headers);
  const campaignId = (await publishRows(app, headers, templateId, recipientRows(1))).json<{ campaignId: number }>()
    .campaignId;
  await app.laurel.db.deleteFrom('certificates').where('campaign_id', '=', campaignId).execute();
  await insertGeneratedCertificates(app, { issuerId, templateId, campaignId }, count);
  return { templateId, campaignId };
}

/** One page of a report (POST /api/admin/data_post), which must be answered. */
export async function reportPage<T>(app: LaurelApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const answer = await app.inject({ method: 'POST', url: '/api/admin/data_post', headers, payload: body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}
