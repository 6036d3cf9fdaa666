import { useEffect } from 'react';
import { ListContextProvider, Notification, RecordContextProvider, useList } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { CertificateBulkActions } from './CertificateBulkActions';
import { StatusChip } from './CertificateFields';
import { CertificateRowActions } from './CertificateRowActions';
import { OperationScope } from './OperationScope';
import { ReissueScope } from './ReissueScope';

/**
 * A list of these rows with some selected, its bulk actions and each row's actions and status, as a report has them
 * (test harness of the certificates' dialog tests).
 */
export function TestCertificateList({ rows, selected }: { rows: CertificateRecord[]; selected: string[] }) {
  const list = useList({ data: rows, resource: 'certificates' });
  const { onSelect } = list;
  useEffect(() => onSelect(selected), [onSelect, selected]);
  return (
    <ListContextProvider value={list}>
      <OperationScope>
        <ReissueScope enabled>
          <div role="toolbar" aria-label="Selection">
            <CertificateBulkActions context={{ nft: false, fieldsToCertified: 'score' }} />
          </div>
          <p>{list.selectedIds.length} selected</p>
          {rows.map((row) => (
            <RecordContextProvider key={row.id} value={row}>
              <div role="row" aria-label={String(row.lastName)}>
                <StatusChip row={row} />
                <CertificateRowActions onPdf={null} showCampaign={false} />
              </div>
            </RecordContextProvider>
          ))}
        </ReissueScope>
      </OperationScope>
      <Notification />
    </ListContextProvider>
  );
}
