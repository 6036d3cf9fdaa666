import type { FastifyInstance } from 'fastify';
import type { Label, TemplateSummary } from '../../domain/templates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import type { Template } from '../db/schema';
import { listIssuerTemplates } from '../repositories/templates';

function parseLabel(raw: string): Label {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'string' || (typeof value === 'object' && value !== null) ? (value as Label) : raw;
  } catch {
    return raw;
  }
}

export function templateSummary(row: Template): TemplateSummary {
  return {
    id: row.id,
    label: parseLabel(row.label),
    type: row.type,
    enable: row.enabled === 1,
    usable: row.usable === 1,
    mode: row.is_nft === 1 ? 'NFT' : 'Classic',
    tags: JSON.parse(row.tags) as string[],
    notes: row.notes,
    certificationCounter: row.certification_counter,
    dateCreation: row.created_at,
    lastCampaignId: row.last_campaign_id,
    lastCampaignDate: row.last_campaign_date,
    thumbnail: row.thumbnail,
    languagesList: row.languages,
    DefaultLanguage: row.default_language,
  };
}

/** The template calls of spec 001 section 7 (the list, so far). An issuer only ever sees its own templates. */
export async function templateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/admin/templates',
    { config: { access: { resource: 'templates', action: 'list' } }, schema: { summary: "The issuer's templates" } },
    async (request) => {
      const rows = await listIssuerTemplates(ctx.db, authOf(request).issuer.id);
      return rows.map(templateSummary);
    },
  );
}
