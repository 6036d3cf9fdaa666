import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Expression } from 'kysely';
import {
  CERTIFICATE_TYPES,
  CPF_TYPES,
  MICRO_CERTIFICATION_TYPES,
  type CertificateType,
  type PathwayLevel,
  type StatusFilter,
} from '../../domain/templateList';
import type { Label, TemplateSummary } from '../../domain/templates';
import type { Database } from '../db/schema';
import { parseLabel, parseTemplate, type ParsedTemplate } from './templateRows';

/** The narrowing of the templates list that SQL does; the search (labels in any language) is the service's. */
export interface TemplateListWhere {
  ids?: number[];
  /** the status applied to each certificate type's templates (3: any) */
  statuses: Record<CertificateType, StatusFilter>;
  types?: CertificateType[];
  modes?: TemplateSummary['mode'][];
  levels?: PathwayLevel[];
  /** names of active tags; a template carries every one */
  tags?: string[];
}

/** The orders SQL applies; label orders are the service's (a label is JSON, read in the reader's language). */
export type TemplateListOrder =
  | { column: 'created_at' | 'certification_counter' | 'id'; order: 'ASC' | 'DESC' }
  | { column: 'last_campaign_date'; order: 'ASC' | 'DESC' };

type EB = ExpressionBuilder<Database, 'templates'>;

const NAMED_TYPES = [...MICRO_CERTIFICATION_TYPES, ...CPF_TYPES];

function ofCertificateType(eb: EB, type: CertificateType): Expression<SqlBool> {
  if (type === 'micro-certification') return eb('templates.type', 'in', [...MICRO_CERTIFICATION_TYPES]);
  if (type === 'cpf') return eb('templates.type', 'in', [...CPF_TYPES]);
  return eb('templates.type', 'not in', NAMED_TYPES);
}

function ofTypeAndStatus(eb: EB, type: CertificateType, status: StatusFilter): Expression<SqlBool> {
  const ofType = ofCertificateType(eb, type);
  return status === 3 ? ofType : eb.and([ofType, eb('templates.enabled', '=', status === 1 ? 1 : 0)]);
}

function where(eb: EB, issuerId: number, filter: TemplateListWhere): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('templates.issuer_id', '=', issuerId)];
  if (filter.ids) conditions.push(eb('templates.id', 'in', filter.ids.length > 0 ? filter.ids : [0]));
  if (CERTIFICATE_TYPES.some((type) => filter.statuses[type] !== 3)) {
    conditions.push(eb.or(CERTIFICATE_TYPES.map((type) => ofTypeAndStatus(eb, type, filter.statuses[type]))));
  }
  if (filter.types?.length) conditions.push(eb.or(filter.types.map((type) => ofCertificateType(eb, type))));
  if (filter.modes?.length) {
    conditions.push(
      eb(
        'templates.is_nft',
        'in',
        filter.modes.map((mode) => (mode === 'NFT' ? 1 : 0)),
      ),
    );
  }
  if (filter.levels?.length) {
    conditions.push(
      eb.or(
        filter.levels.map((level) =>
          eb(level === 'parent' ? 'templates.is_pathway_parent' : 'templates.is_pathway_child', '=', 1),
        ),
      ),
    );
  }
  for (const name of filter.tags ?? []) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('template_tags')
          .innerJoin('tags', 'tags.id', 'template_tags.tag_id')
          .select('template_tags.tag_id')
          .whereRef('template_tags.template_id', '=', 'templates.id')
          .where('tags.issuer_id', '=', issuerId)
          .where('tags.is_active', '=', 1)
          .where('tags.name', '=', name),
      ),
    );
  }
  return eb.and(conditions);
}

/** What the list needs to search, sort and count: the light columns of every template the filter keeps, in order. */
export async function listTemplateKeys(
  db: Kysely<Database>,
  issuerId: number,
  filter: TemplateListWhere,
  order: TemplateListOrder,
): Promise<{ id: number; label: Label; notes: string }[]> {
  let query = db
    .selectFrom('templates')
    .select(['templates.id', 'templates.label', 'templates.notes'])
    .where((eb) => where(eb, issuerId, filter));
  // templates never used sort after the used ones, whichever the direction
  if (order.column === 'last_campaign_date') query = query.orderBy(sql`templates.last_campaign_date is null`);
  if (order.column !== 'id') query = query.orderBy(`templates.${order.column}`, order.order === 'ASC' ? 'asc' : 'desc');
  const rows = await query.orderBy('templates.id', order.order === 'ASC' ? 'asc' : 'desc').execute();
  return rows.map((row) => ({ id: row.id, label: parseLabel(row.label), notes: row.notes }));
}

/** The issuer's templates with these ids (whole rows), in no particular order. */
export async function listTemplatesByIds(
  db: Kysely<Database>,
  issuerId: number,
  ids: readonly number[],
): Promise<ParsedTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('templates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(parseTemplate);
}

/** The columns the list's facets are read from, for every template of the issuer. */
export function listTemplateFacetColumns(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('templates')
    .select(['type', 'is_nft', 'is_pathway_parent'])
    .where('issuer_id', '=', issuerId)
    .execute();
}
