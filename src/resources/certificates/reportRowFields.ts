/**
 * The fields of a report row (domain/reports.ts ReportRow) that are the app's own bookkeeping, not a certificate's
 * data: neither the report table's data columns nor the spreadsheet export show them.
 */
export const INTERNAL_ROW_FIELDS: readonly string[] = [
  'id',
  'EvidenzId',
  'available',
  'mail',
  'EmailStatus',
  'EmailPending',
  'EmailAttempts',
  'EmailReason',
  'EmailNextAttempt',
  'LastActivity',
  'hasEmail',
  'CampaignID',
  'TemplateID',
  'email_sent',
  'StatusID',
  'badge',
  'thumbnail',
  'txInBlockchainExplorer',
  'WalletTakenAt',
  'WalletProtocol',
  // what recipients did (issue 31): columns of their own, and labelled columns of the export
  'Views',
  'FirstView',
  'LastView',
  'Downloads',
  'LinkedInClicks',
  'Verifications',
  // the pending correction request (issue 28): the row's mark and action, not a column
  'CorrectionRequestId',
  // the renewal's key (issue 28): the row's mark, not a column
  'RenewedBy',
];
