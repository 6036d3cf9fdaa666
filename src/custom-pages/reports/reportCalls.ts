import { ENABLED_STATUSES } from '../../../domain/certificates';
import type { ReportHeader, ReportRowsResponse } from '../../../domain/reports';
import { readToken } from '../../authProvider/tokenStorage';
import { apiFetch } from '../../dataProvider/httpClient';
import type { ReportKind } from './reportQuery';

/** GET /api/admin/report (the shape lives in domain/reports.ts, shared with the server). */
export type ReportHeaderResponse = ReportHeader;

export type ReportTemplate = ReportHeaderResponse['template'];

const EMAILABLE_PAGE = 1000;

/** The report calls of spec 002 section 7. */
export const reportCalls = {
  header: async (kind: ReportKind, id: number) =>
    (
      await apiFetch<ReportHeaderResponse>(
        `/api/admin/report?${kind === 'campaign' ? 'campaignId' : 'templateId'}=${id}`,
      )
    ).body,
  /** one page of rows; `request` is reportRequest's body */
  rows: async (request: Record<string, unknown>) =>
    (await apiFetch<ReportRowsResponse>('/api/admin/data_post', { method: 'POST', json: request })).body,
  saveNote: (campaignId: number, notes: string) =>
    apiFetch('/api/admin/campaign/notes', { method: 'PUT', json: { campaignId, notes: notes.trim() } }),
  changeEmail: (certificateId: number, email: string) =>
    apiFetch<{ id: number; email: string }>('/api/admin/email', { method: 'PUT', json: { id: certificateId, email } }),
  /** the ids (EvidenzId) of a template's lines that may be emailed: enabled, with an address */
  emailableIds: async (templateId: number) => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += EMAILABLE_PAGE) {
      const { body } = await apiFetch<ReportRowsResponse>('/api/admin/data_post', {
        method: 'POST',
        json: { templateId, offset, limit: EMAILABLE_PAGE, status: ENABLED_STATUSES.join(',') },
      });
      ids.push(...body.data.filter((row) => row.hasEmail).map((row) => row.EvidenzId));
      if (body.data.length < EMAILABLE_PAGE) return ids;
    }
  },
  /** the register's certification feed of a cpf template or campaign, as an XML file */
  cpfExport: async (target: { campaignId?: number; templateId: number }) => {
    const query = new URLSearchParams({ templateId: String(target.templateId) });
    if (target.campaignId !== undefined) query.set('campaignId', String(target.campaignId));
    const response = await fetch(`/api/export/cpf?${query}`, {
      headers: { authorization: `Bearer ${readToken() ?? ''}` },
    });
    if (!response.ok) throw new Error(`cpf export answered ${response.status}`);
    return response.blob();
  },
};

/** A campaign still being published (or not found yet) has no result: the page keeps polling. */
export function awaitingResult(header: ReportHeaderResponse | null): boolean {
  return header === null || (header.campaign !== null && header.campaign.Status === 'Started');
}

export function isCpfTemplate(type: string): boolean {
  return type === 'cpf' || type === 'cpf_onshelf';
}

export function isOpenBadge(type: string): boolean {
  return type === 'openbadge' || type === 'openbadge_custom';
}
