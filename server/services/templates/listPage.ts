import type { Kysely } from 'kysely';
import {
  CERTIFICATE_TYPES,
  certificateType,
  compareLabels,
  matchesSearch,
  TEMPLATE_MODES,
  type TemplateFacets,
  type TemplateListFilter,
  type TemplateSortField,
} from '../../../domain/templateList';
import type { TemplateSummary } from '../../../domain/templates';
import type { Database } from '../../db/schema';
import {
  listTemplateFacetColumns,
  listTemplateKeys,
  listTemplatesByIds,
  type TemplateListOrder,
} from '../../repositories/templateList';
import { tagNamesByTemplate } from './tags';
import { templateSummary } from './views';

export interface TemplatePageQuery {
  filter: TemplateListFilter & { id?: number[] };
  sort: { field: TemplateSortField; order: 'ASC' | 'DESC' };
  /** the reader's language, for label orders */
  language: string;
  offset: number;
  limit: number;
}

const SQL_ORDER: Record<Exclude<TemplateSortField, 'label'>, TemplateListOrder['column']> = {
  dateCreation: 'created_at',
  lastCampaignDate: 'last_campaign_date',
  certificationCounter: 'certification_counter',
  id: 'id',
};

/**
 * One page of the templates list (spec 001, Templates page) and how many templates the filter keeps. SQL narrows
 * by status per type, type, mode, pathway level and tags, and orders by dates and counters, reading only the light
 * columns; the search (labels in every language, id, notes) and the label orders (in the reader's language) run on
 * those light rows; whole rows are read for the page only.
 */
export async function listTemplatePage(
  db: Kysely<Database>,
  issuerId: number,
  query: TemplatePageQuery,
): Promise<{ rows: TemplateSummary[]; total: number }> {
  const { filter, sort } = query;
  const status = filter.status ?? 3;
  const keys = await listTemplateKeys(
    db,
    issuerId,
    {
      ids: filter.id,
      statuses: Object.fromEntries(
        CERTIFICATE_TYPES.map((type) => [type, filter.typeStatus?.[type] ?? status]),
      ) as Record<(typeof CERTIFICATE_TYPES)[number], 1 | 2 | 3>,
      types: filter.types,
      modes: filter.modes,
      levels: filter.levels,
      tags: filter.tags,
    },
    sort.field === 'label' ? { column: 'id', order: sort.order } : { column: SQL_ORDER[sort.field], order: sort.order },
  );
  let matching = keys.filter((key) => matchesSearch(key, filter.q));
  if (sort.field === 'label') {
    const direction = sort.order === 'ASC' ? 1 : -1;
    // the SQL order (by id in the same direction) breaks ties: Array.prototype.sort is stable
    matching = [...matching].sort((a, b) => direction * compareLabels(a.label, b.label, query.language));
  }
  const pageIds = matching.slice(query.offset, query.offset + query.limit).map((key) => key.id);
  const [rows, tags] = await Promise.all([
    listTemplatesByIds(db, issuerId, pageIds),
    pageIds.length > 0 ? tagNamesByTemplate(db, issuerId) : new Map<number, string[]>(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [templateSummary(row, tags.get(id) ?? [])] : [];
    }),
    total: matching.length,
  };
}

/** The drawer's sections and the page's headings, read over every template of the issuer. */
export async function templateFacets(db: Kysely<Database>, issuerId: number): Promise<TemplateFacets> {
  const [rows, tags] = await Promise.all([listTemplateFacetColumns(db, issuerId), tagNamesByTemplate(db, issuerId)]);
  return {
    count: rows.length,
    types: CERTIFICATE_TYPES.filter((type) => rows.some((row) => certificateType(row) === type)),
    modes: TEMPLATE_MODES.filter((mode) => rows.some((row) => (row.is_nft === 1 ? 'NFT' : 'Classic') === mode)),
    pathwayParents: rows.some((row) => row.is_pathway_parent === 1),
    tags: [...new Set([...tags.values()].flat())].sort((a, b) => a.localeCompare(b)),
  };
}
