import { Chip, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { emailStatusColor, emailStatusKey, statusColor, statusKey } from './certificateLabels';

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

/** The email status of a line with an address, its last activity as a tooltip; a dash otherwise. */
export function EmailStatusChip({
  row,
}: {
  row: Pick<CertificateRecord, 'hasEmail' | 'EmailStatus' | 'LastActivity'>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!row.hasEmail) return <>—</>;
  return (
    <Tooltip
      title={
        row.LastActivity
          ? new Date(row.LastActivity).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
          : ''
      }
    >
      <Chip
        size="small"
        variant="outlined"
        color={emailStatusColor(row.EmailStatus)}
        label={translate(emailStatusKey(row.EmailStatus))}
      />
    </Tooltip>
  );
}
