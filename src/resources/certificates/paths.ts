import type { ReportKind } from './reportFilters';

/** The report pages' routes (spec 000 section 2.1 and spec 002 section 2). */
export const REPORT_ROUTES: Record<ReportKind, string> = {
  campaign: '/reports/:id',
  template: '/templatereport/:id',
  cpf: '/controlcpf/:id',
};

export const campaignReportPath = (campaignId: number) => `/reports/${campaignId}`;
export const templateReportPath = (templateId: number) => `/templatereport/${templateId}`;
/** The template report with the filter drawer's "Correction requested" on (issue 28): the list reads it from the URL. */
export const correctionsReportPath = (templateId: number) =>
  `${templateReportPath(templateId)}?filter=${encodeURIComponent(JSON.stringify({ correction: true }))}`;
export const cpfControlPath = (templateId: number) => `/controlcpf/${templateId}`;

export function reportPath(kind: ReportKind, id: number): string {
  return REPORT_ROUTES[kind].replace(':id', String(id));
}

/** The certificate search page (spec 002 section 2.4). */
export const SEARCH_PATH = '/search';

/** The mailing page of a campaign's certificates. */
export const EMAIL_PATH = '/email';
