import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AutorenewIcon from '@mui/icons-material/AutorenewOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import type { ReactNode } from 'react';
import { Button, useListContext } from 'react-admin';
import { CERTIFICATE_STATUS, statusAfter, type CertificateOperation } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { offeredOperations, type OperationContext } from './certificateOperations';
import { useAskOperation } from './OperationScope';
import { renewableRows, replaceableRows } from './reissueModel';
import { useReissue, useRenew } from './ReissueScope';
import { ResendMailsButton } from './ResendMailsButton';

const OPERATION_ICONS: Record<CertificateOperation, ReactNode> = {
  disable: <BlockIcon />,
  enable: <CheckCircleIcon />,
  delete: <DeleteIcon />,
};

/**
 * The keys an operation changes: the selected certificates whose status allows it. A selected key from another
 * page (its status unknown here) is sent too; the server skips what does not apply.
 */
export function selectedKeys(
  operation: CertificateOperation,
  selectedIds: readonly string[],
  rows: readonly Pick<CertificateRecord, 'id' | 'StatusID'>[],
): string[] {
  const known = new Map(rows.map((row) => [row.id, row.StatusID]));
  return selectedIds.filter((id) => {
    const status = known.get(id);
    return status === undefined || statusAfter(operation, status) !== null;
  });
}

/**
 * The bulk status operations on certificates, shared by the reports and the search page (spec 002 sections 4
 * and 5): disable and enable behind a click, delete behind the typed confirm word, each confirmed in the dialog of
 * the enclosing `OperationScope`.
 */
export function CertificateBulkActions({ context }: { context: Omit<OperationContext, 'canAct'> }) {
  const { selectedIds, data } = useListContext<CertificateRecord>();
  const ask = useAskOperation();
  const reissue = useReissue();
  const renew = useRenew();
  const rows = data ?? [];
  const selectedRows = rows.filter((row) => selectedIds.includes(row.id));
  const unknownSelected = selectedIds.length > selectedRows.length;
  const permitted = offeredOperations({ ...context, canAct: true }, [
    ...selectedRows,
    // selected on another page: every operation may apply
    ...(unknownSelected ? [{ StatusID: CERTIFICATE_STATUS.validated }, { StatusID: CERTIFICATE_STATUS.disabled }] : []),
  ]);
  const all: CertificateOperation[] = [
    ...(context.fieldsToCertified.trim() !== '' ? (['disable', 'enable'] as const) : []),
    ...(context.nft ? [] : (['delete'] as const)),
  ];

  return (
    <>
      {all.map((operation) => (
        <Button
          key={operation}
          label={`reports.operations.${operation}`}
          color={operation === 'delete' ? 'error' : 'primary'}
          disabled={!permitted.includes(operation)}
          onClick={() => ask(operation, selectedKeys(operation, selectedIds, rows))}
        >
          {OPERATION_ICONS[operation]}
        </Button>
      ))}
      {reissue && !context.nft && (
        <Button
          label="reports.reissue.action"
          // the valid certificates of this page; the dialog says how many selected ones it leaves out
          disabled={replaceableRows(selectedRows).length === 0}
          onClick={() => {
            const chosen = replaceableRows(selectedRows);
            reissue(chosen, selectedIds.length - chosen.length);
          }}
        >
          <EditNoteIcon />
        </Button>
      )}
      {renew && !context.nft && (
        <Button
          label="reports.renew.action"
          // the valid certificates of this page, expired ones too; the dialog says how many it leaves out
          disabled={renewableRows(selectedRows).length === 0}
          onClick={() => {
            const chosen = renewableRows(selectedRows);
            renew(chosen, selectedIds.length - chosen.length);
          }}
        >
          <AutorenewIcon />
        </Button>
      )}
      <ResendMailsButton />
    </>
  );
}
