import type { ReportRow } from '../../../domain/reports';

/** A report row as GET /api/admin/data_post answers it (test data of the certificates' unit tests). */
export const testReportRow = (change: Partial<ReportRow> = {}): ReportRow => ({
  key: 'k'.repeat(128),
  EvidenzId: 1,
  url: 'http://laurel.test/certificate/k',
  StatusID: 1,
  Language: 'en',
  available: true,
  mail: false,
  EmailStatus: 'not sent',
  LastActivity: null,
  hasEmail: true,
  txInBlockchainExplorer: null,
  PublicationDate: '2026-11-20T10:00:00.000Z',
  CampaignID: 4,
  TemplateID: 3,
  email: 'ada@example.org',
  email_sent: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  ...change,
});
