import ScheduleIcon from '@mui/icons-material/Schedule';
import { Chip, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { emailStatusColor, emailStatusKey, statusColor, statusKey, type MailDelivery } from './certificateLabels';

/** How the server delivers mails: sent over SMTP, or kept in its outbox when it has no SMTP set up. */
export function useMailDelivery(): MailDelivery {
  return useCurrentUser().user?.server?.mailDelivery ?? 'smtp';
}

/** A certificate's status as a chip, in the reports and on the search page. */
export function StatusChip({ row }: { row: Pick<CertificateRecord, 'StatusID'> }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={row.StatusID === 1 ? 'filled' : 'outlined'}
      color={statusColor(row.StatusID)}
      label={translate(statusKey(row.StatusID))}
    />
  );
}

/** What the email status's tooltip says: a pending retry, why a mail was not delivered, or the last activity. */
function emailStatusDetail(
  row: Pick<
    CertificateRecord,
    'EmailStatus' | 'LastActivity' | 'EmailPending' | 'EmailAttempts' | 'EmailReason' | 'EmailNextAttempt'
  >,
  translate: (key: string, options?: object) => string,
  date: (iso: string) => string,
  delivery: MailDelivery,
): string {
  if (row.EmailPending) {
    if (!row.EmailAttempts) return translate('reports.email_retry.queued');
    return translate('reports.email_retry.pending', {
      count: row.EmailAttempts,
      reason: row.EmailReason ?? '',
      date: row.EmailNextAttempt ? date(row.EmailNextAttempt) : '',
    });
  }
  if (row.EmailStatus === 'not delivered' && row.EmailReason)
    return translate('reports.email_retry.refused', { count: row.EmailAttempts ?? 1, reason: row.EmailReason });
  const when = row.LastActivity ? date(row.LastActivity) : '';
  if (row.EmailStatus === 'Sent' && delivery === 'outbox')
    return `${translate('reports.email_status.kept_detail')}${when ? ` (${when})` : ''}`;
  return when;
}

/**
 * The email status of a line with an address (spec 002: Sent, Read, not delivered, not sent), a dash otherwise. A
 * mail waiting for another attempt is "not sent" with a clock; the tooltip says when it is tried next and why
 * the last attempt failed, or why a mail was not delivered.
 */
export function EmailStatusChip({
  row,
}: {
  row: Pick<
    CertificateRecord,
    'hasEmail' | 'EmailStatus' | 'LastActivity' | 'EmailPending' | 'EmailAttempts' | 'EmailReason' | 'EmailNextAttempt'
  >;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const delivery = useMailDelivery();
  if (!row.hasEmail) return <>—</>;
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Tooltip title={emailStatusDetail(row, translate, date, delivery)}>
      <Chip
        size="small"
        variant="outlined"
        color={row.EmailPending ? 'warning' : emailStatusColor(row.EmailStatus, delivery)}
        icon={row.EmailPending ? <ScheduleIcon /> : undefined}
        label={translate(emailStatusKey(row.EmailStatus, delivery))}
      />
    </Tooltip>
  );
}
