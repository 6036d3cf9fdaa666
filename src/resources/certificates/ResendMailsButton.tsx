import ReplayIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { Button, useListContext } from 'react-admin';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { useAskOperation } from './OperationScope';

/** The selected rows whose mail was not delivered: those a resend applies to (not a replaced certificate's). */
export function resendableKeys(
  selectedIds: readonly string[],
  rows: readonly (Pick<CertificateRecord, 'id' | 'EmailStatus'> & { StatusID?: number })[],
): string[] {
  const failed = new Set(
    rows
      .filter((row) => row.EmailStatus === 'not delivered' && row.StatusID !== CERTIFICATE_STATUS.replaced)
      .map((row) => row.id),
  );
  return selectedIds.filter((id) => failed.has(id));
}

/**
 * Bulk action of the reports and the search page: the selected mails that were not delivered (refused, or 24
 * hours of failed attempts) go out again, after a confirmation in the enclosing `OperationScope`.
 */
export function ResendMailsButton() {
  const { selectedIds, data } = useListContext<CertificateRecord>();
  const ask = useAskOperation();
  const keys = resendableKeys(selectedIds, data ?? []);
  return (
    <Button label="reports.resend.action" disabled={keys.length === 0} onClick={() => ask('resend', keys)}>
      <ReplayIcon />
    </Button>
  );
}
