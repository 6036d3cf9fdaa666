import type { LaurelApp } from '../../server/app';
import { badgePayload, multipartForm, postForm, svgLogo } from './templateFixtures';

/** A badge template (English and French, English by default) created through the real multipart call. */
export async function createBadgeTemplate(app: LaurelApp, headers: Record<string, string>): Promise<number> {
  const created = await postForm(app, headers, badgePayload(), [svgLogo()]);
  if (created.statusCode !== 201) throw new Error(`template creation answered ${created.statusCode}: ${created.body}`);
  return created.json<{ id: number }>().id;
}

/**
 * `count` import rows of distinct recipients (named by the ID column, the templates' default technical field),
 * as the publication page sends them; 'all' gives each one row for every language of the template.
 */
export function recipientRows(count: number, language = 'all'): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => ({
    ID: `L-${i + 1}`,
    Language: language,
    Email: `learner${i + 1}@example.org`,
    firstName: `Learner${i + 1}`,
    lastName: 'Doe',
    obtentionDate: '2026-11-20',
  }));
}

export interface PublishOptions {
  notes?: string;
  idempotencyKey?: string;
  archive?: Buffer;
  automatedEmailing?: boolean;
  /**
   * What the publish does with recipients who already hold a certificate of the template. The fixture's default is
   * 'allow' (the tests written before issue 28 publish the same rows again on purpose); the API's is 'deny', which
   * publicationDuplicates.test.ts checks.
   */
  duplicateBehavior?: 'deny' | 'allow' | 'skip';
}

/** POST /api/admin/data as `headers`: JSON, or multipart when an archive is given. */
export function publishRows(
  app: LaurelApp,
  headers: Record<string, string>,
  templateId: number,
  rows: Record<string, string>[],
  options: PublishOptions = {},
) {
  const body = {
    templateId,
    data: rows,
    contentType: 'json',
    notes: options.notes ?? '',
    'automated-emailing': options.automatedEmailing === true,
    duplicateBehavior: options.duplicateBehavior ?? 'allow',
  };
  const keyHeader: Record<string, string> = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
  if (options.archive) {
    const form = multipartForm([
      { name: 'body', value: JSON.stringify(body) },
      { name: 'file', value: options.archive, filename: 'files.zip', contentType: 'application/zip' },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers: { ...headers, ...keyHeader, ...form.headers },
      payload: form.payload,
    });
  }
  return app.inject({ method: 'POST', url: '/api/admin/data', headers: { ...headers, ...keyHeader }, payload: body });
}

/**
 * Publishes `rows` with `templateId` (a new badge template when none is given) and answers both ids; a refusal
 * throws. The follow-up jobs (signing, mail) are left for the test to run.
 */
export async function publishCampaign(
  app: LaurelApp,
  headers: Record<string, string>,
  rows: Record<string, string>[],
  options: PublishOptions & { templateId?: number } = {},
): Promise<{ templateId: number; campaignId: number }> {
  const { templateId = await createBadgeTemplate(app, headers), ...publishOptions } = options;
  const published = await publishRows(app, headers, templateId, rows, publishOptions);
  if (published.statusCode !== 200) throw new Error(`publication answered ${published.statusCode}: ${published.body}`);
  return { templateId, campaignId: published.json<{ campaignId: number }>().campaignId };
}
