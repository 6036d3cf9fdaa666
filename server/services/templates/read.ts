import type { Kysely } from 'kysely';
import type { TemplateDetail, TemplateSummary } from '../../../domain/templates';
import type { AuthContext } from '../../auth/guard';
import type { Database } from '../../db/schema';
import { listIssuerTemplates } from '../../repositories/templates';
import { callerTemplate } from './access';
import { pathwaysOf } from './pathways';
import { tagNamesByTemplate } from './tags';
import { templateDetail, templateSummary } from './views';

export async function listTemplates(db: Kysely<Database>, issuerId: number): Promise<TemplateSummary[]> {
  const [rows, tags] = await Promise.all([listIssuerTemplates(db, issuerId), tagNamesByTemplate(db, issuerId)]);
  return rows.map((row) => templateSummary(row, tags.get(row.id) ?? []));
}

export async function readTemplateDetail(db: Kysely<Database>, auth: AuthContext, id: number): Promise<TemplateDetail> {
  const row = await callerTemplate(db, auth, id);
  const [tags, pathways] = await Promise.all([
    tagNamesByTemplate(db, auth.issuer.id),
    pathwaysOf(db, auth.issuer.id, row.id),
  ]);
  return templateDetail(row, tags.get(row.id) ?? [], pathways);
}
