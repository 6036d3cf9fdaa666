import type { GetListParams } from 'react-admin';
import { TEMPLATE_SORT_FIELDS, type TemplateFacets, type TemplateSortField } from '../../domain/templateList';
import type { TemplateSummary } from '../../domain/templates';
import { apiLanguage, apiRequest, apiUrl } from './apiRequest';
import { getListInPages } from './largePages';
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
  getList: (params: GetListParams): Promise<{ data: TemplateSummary[]; total: number }> =>
    getListInPages(params, TEMPLATE_SERVER_PAGE, async (slice) => {
      const { page, perPage } = slice.pagination ?? { page: 1, perPage: TEMPLATE_SERVER_PAGE };
      const { json, headers } = await restHttpClient(templateListUrl(slice, (page - 1) * perPage, perPage), {
        signal: params.signal,
      });
      return { data: json as TemplateSummary[], total: contentRangeTotal(headers.get('content-range')) };
    }),
};

/** What the templates page's drawer offers, over every template of the issuer. */
export const templateListMethods = {
  templateFacets: async (): Promise<TemplateFacets> => (await apiRequest('/api/templates/facets', 'get')).body,
};
