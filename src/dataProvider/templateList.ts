import type { GetListParams } from 'react-admin';
import { TEMPLATE_SORT_FIELDS, type TemplateFacets, type TemplateSortField } from '../../domain/templateList';
import type { TemplateSummary } from '../../domain/templates';
import { apiLanguage, apiRequest, apiUrl } from './apiRequest';
import { restHttpClient } from './restResources';

/** The most rows one GET /api/templates answers (server/routes/restConventions.ts, MAX_PAGE). */
export const TEMPLATE_SERVER_PAGE = 500;

const isSortField = (field: string | undefined): field is TemplateSortField =>
  (TEMPLATE_SORT_FIELDS as readonly string[]).includes(field ?? '');

/** The address of one call of GET /api/templates: react-admin's sort and filter, a range, the label language. */
export function templateListUrl(
  params: Pick<GetListParams, 'sort' | 'filter' | 'meta'>,
  offset: number,
  limit: number,
): string {
  const field = isSortField(params.sort?.field) ? params.sort.field : 'id';
  const order = params.sort?.order === 'DESC' ? 'DESC' : 'ASC';
  const language = (params.meta as { language?: unknown } | undefined)?.language;
  return apiUrl('/api/templates', undefined, {
    sort: [field, order],
    range: [offset, offset + limit - 1],
    filter: params.filter ?? {},
    language: typeof language === 'string' ? apiLanguage(language) : undefined,
  });
}

/** The total of `Content-Range: templates 0-23/57`. */
export function contentRangeTotal(header: string | null): number {
  const total = Number(header?.split('/').pop());
  if (!Number.isInteger(total)) throw new Error('GET /api/templates answered no Content-Range total');
  return total;
}

/**
 * The templates resource (spec 001, Templates page): pages, sorts and filters done by the server. A page larger
 * than the server answers at once (the tags page and the search page read every template) is read in several calls.
 */
export const templates = {
  async getList(params: GetListParams): Promise<{ data: TemplateSummary[]; total: number }> {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const start = (page - 1) * perPage;
    const end = start + perPage;
    const data: TemplateSummary[] = [];
    let total = 0;
    for (let offset = start; offset < end; offset += TEMPLATE_SERVER_PAGE) {
      const limit = Math.min(TEMPLATE_SERVER_PAGE, end - offset);
      const { json, headers } = await restHttpClient(templateListUrl(params, offset, limit), {
        signal: params.signal,
      });
      const rows = json as TemplateSummary[];
      data.push(...rows);
      total = contentRangeTotal(headers.get('content-range'));
      if (rows.length < limit) break;
    }
    return { data, total };
  },
};

/** What the templates page's drawer offers, over every template of the issuer. */
export const templateListMethods = {
  templateFacets: async (): Promise<TemplateFacets> => (await apiRequest('/api/templates/facets', 'get')).body,
};
