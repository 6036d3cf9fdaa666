import type { ServerFacts } from '../../../domain/auth';
import { WALLET_FILTER, type EmailStatus } from '../../../domain/reports';
import { VIEWED_FILTER } from '../../../domain/activity';
import type { CertificateRecord } from '../../dataProvider/certificates';

/** The name a row is announced by: the recipient's name, or the address. */
export function rowName(row: Pick<CertificateRecord, 'email'> & Record<string, unknown>): string {
  return `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim() || row.email;
}

/** smtp: mails are sent; outbox: the server has no SMTP and keeps them (GET /api/admin/who's server facts). */
export type MailDelivery = ServerFacts['mailDelivery'];

/** Translation keys of the statuses, email statuses and mail-sent filter values the report pages show. */
export const statusKey = (statusId: number) => `reports.status.${statusId}`;

const EMAIL_STATUS_KEYS: Record<EmailStatus, string> = {
  Sent: 'sent',
  Read: 'read',
  'not delivered': 'not_delivered',
  'not sent': 'not_sent',
};

/**
 * The email status's translation key. A server with no SMTP (mail delivery `outbox`) keeps the mails it would have
 * sent in its outbox table: their status Sent is shown as "Kept, not sent" (issue 29).
 */
export const emailStatusKey = (status: EmailStatus, delivery: MailDelivery = 'smtp') =>
  status === 'Sent' && delivery === 'outbox'
    ? 'reports.email_status.kept'
    : `reports.email_status.${EMAIL_STATUS_KEYS[status] ?? 'not_sent'}`;

/** The mail-sent filter values (1 sent, 0 not sent, 2 not delivered, 3 opened) as email status names. */
export const mailFilterKey = (value: number, delivery: MailDelivery = 'smtp') =>
  value === 1 && delivery === 'outbox'
    ? 'reports.email_status.kept'
    : `reports.email_status.${['not_sent', 'sent', 'not_delivered', 'read'][value] ?? 'not_sent'}`;

/** The wallet filter's labels (domain/reports.ts WALLET_FILTER). */
export const walletFilterKey = (value: number) =>
  value === WALLET_FILTER.taken ? 'reports.wallet.taken' : 'reports.wallet.not_taken';

/** The viewed filter's labels (domain/activity.ts VIEWED_FILTER). */
export const viewedFilterKey = (value: number) =>
  value === VIEWED_FILTER.viewed ? 'reports.activity.viewed' : 'reports.activity.never_viewed';

/** The protocol a certificate was taken into a wallet by, as the report names it. */
export const walletProtocolKey = (protocol: string) =>
  protocol === 'vcapi' ? 'reports.wallet.protocol_vcapi' : 'reports.wallet.protocol_oid4vci';

export type StatusColor = 'success' | 'default' | 'warning' | 'error' | 'info';

export function statusColor(statusId: number): StatusColor {
  switch (statusId) {
    case 1:
    case 13:
    case 14:
      return 'success';
    case 9:
      return 'warning';
    case 11:
      return 'info';
    case 3:
      return 'error';
    default:
      return 'default';
  }
}

export function emailStatusColor(status: EmailStatus, delivery: MailDelivery = 'smtp'): StatusColor {
  if (status === 'Read') return 'success';
  if (status === 'Sent') return delivery === 'outbox' ? 'default' : 'info';
  if (status === 'not delivered') return 'error';
  return 'default';
}

/** A column's header: our label for the known fields, the template's own field name otherwise. */
export const columnLabelKey = (field: string) => `reports.columns.${field}`;
