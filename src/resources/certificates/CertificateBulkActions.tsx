import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AutorenewIcon from '@mui/icons-material/AutorenewOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button, useDeleteMany, useListContext, useNotify, useTranslate, useUpdateMany } from 'react-admin';
import { CERTIFICATE_STATUS, statusAfter, type CertificateOperation } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { OperationConfirmDialog } from './CertificateDialogs';
import { offeredOperations, operationFailure, type OperationContext } from './certificateOperations';
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
 * and 5): disable and enable behind a click, delete behind the typed confirm word. After the change every
 * `certificates` query is invalidated, so the rows and the report's counters refresh.
 */
export function CertificateBulkActions({
  context,
  campaignId,
  onDone,
}: {
  context: Omit<OperationContext, 'canAct'>;
  /** a campaign report deletes within its campaign */
  campaignId?: number;
  /** the page's success message (a report's alert); a notification otherwise */
  onDone?: (operation: CertificateOperation, updated: number) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { selectedIds, data, onUnselectItems } = useListContext<CertificateRecord>();
  const [asked, setAsked] = useState<{ operation: CertificateOperation; keys: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updateMany, { isPending: updating }] = useUpdateMany();
  const [deleteMany, { isPending: deleting }] = useDeleteMany();
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

  /** the keys sent are those the operation applies to: each one changed */
  const succeeded = (operation: CertificateOperation, updated: number) => {
    setAsked(null);
    onUnselectItems();
    void queryClient.invalidateQueries({ queryKey: ['certificates'] });
    if (onDone) onDone(operation, updated);
    else notify(`reports.success.${operation}`, { type: 'success', messageArgs: { count: updated } });
  };
  const failed = (operation: CertificateOperation, failure: unknown) => {
    const { status, reason } = operationFailure(failure);
    const message = translate('reports.operation_failed', { op: translate(`reports.operations.${operation}`), status });
    setError(reason ? `${message} ${translate(`reports.refusal.${reason}`, { _: '' })}` : message);
  };

  const confirm = () => {
    if (!asked) return;
    const { operation, keys } = asked;
    setError(null);
    const options = {
      mutationMode: 'pessimistic' as const,
      returnPromise: false,
      onError: (failure: unknown) => failed(operation, failure),
    };
    if (operation === 'delete')
      void deleteMany(
        'certificates',
        { ids: keys, meta: campaignId !== undefined ? { campaignId } : undefined },
        { ...options, onSuccess: () => succeeded(operation, keys.length) },
      );
    else
      void updateMany(
        'certificates',
        {
          ids: keys,
          data: { StatusID: operation === 'enable' ? CERTIFICATE_STATUS.validated : CERTIFICATE_STATUS.disabled },
        },
        { ...options, onSuccess: () => succeeded(operation, keys.length) },
      );
  };

  return (
    <>
      {all.map((operation) => (
        <Button
          key={operation}
          label={`reports.operations.${operation}`}
          color={operation === 'delete' ? 'error' : 'primary'}
          disabled={!permitted.includes(operation)}
          onClick={() => {
            setError(null);
            setAsked({ operation, keys: selectedKeys(operation, selectedIds, rows) });
          }}
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
      {asked && (
        <OperationConfirmDialog
          operation={asked.operation}
          count={asked.keys.length}
          pending={updating || deleting}
          error={error}
          onConfirm={confirm}
          onClose={() => setAsked(null)}
        />
      )}
    </>
  );
}
