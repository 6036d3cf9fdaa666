import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useDeleteMany, useListContext, useNotify, useTranslate, useUpdateMany } from 'react-admin';
import { CERTIFICATE_STATUS, type CertificateOperation } from '../../../domain/certificates';
import { OperationConfirmDialog } from './CertificateDialogs';
import { CorrectionRequestDialog } from './CorrectionRequestDialog';
import { operationFailure } from './certificateOperations';
import { ResendConfirm } from './ResendConfirm';

/** A status change, or the mails not delivered sent again. */
export type BulkOperation = CertificateOperation | 'resend';

/** Asks to confirm an operation on these certificate keys (the selected ones it applies to). */
export type AskOperation = (operation: BulkOperation, keys: string[]) => void;

/** Opens a recipient's correction request (issue 28), from a row's actions. */
export type OpenCorrection = (requestId: number, name: string) => void;

const OperationScopeContext = createContext<{ ask: AskOperation; openCorrection: OpenCorrection } | null>(null);

/**
 * Where certificates are disabled, enabled and deleted in bulk, their failed mails sent again and their correction
 * requests answered (the reports, the search): the dialog is held here, above the table, so that it stays open when
 * the table gives way to the phone's cards (a phone turned sideways, a window narrowed) and the actions are drawn
 * anew. After a change every `certificates` query is invalidated, so the rows and the report's counters refresh.
 */
export function OperationScope({
  campaignId,
  onDone,
  children,
}: {
  /** a campaign report deletes within its campaign */
  campaignId?: number;
  /** the page's success message (a report's alert); a notification otherwise */
  onDone?: (operation: CertificateOperation, updated: number) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { onUnselectItems } = useListContext();
  const [asked, setAsked] = useState<{ operation: BulkOperation; keys: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updateMany, { isPending: updating }] = useUpdateMany();
  const [deleteMany, { isPending: deleting }] = useDeleteMany();
  const [correction, setCorrection] = useState<{ requestId: number; name: string } | null>(null);
  const scope = useMemo(
    () => ({
      ask: (operation: BulkOperation, keys: string[]) => {
        setError(null);
        setAsked({ operation, keys });
      },
      openCorrection: (requestId: number, name: string) => setCorrection({ requestId, name }),
    }),
    [],
  );

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
    if (!asked || asked.operation === 'resend') return;
    const { operation, keys } = asked;
    setError(null);
    const options = {
      mutationMode: 'pessimistic' as const,
      returnPromise: false,
      onError: (failure: unknown) => failed(operation, failure),
      onSuccess: () => succeeded(operation, keys.length),
    };
    if (operation === 'delete')
      void deleteMany(
        'certificates',
        { ids: keys, meta: campaignId !== undefined ? { campaignId } : undefined },
        options,
      );
    else
      void updateMany(
        'certificates',
        {
          ids: keys,
          data: { StatusID: operation === 'enable' ? CERTIFICATE_STATUS.validated : CERTIFICATE_STATUS.disabled },
        },
        options,
      );
  };

  return (
    <OperationScopeContext.Provider value={scope}>
      {children}
      {asked?.operation === 'resend' ? (
        <ResendConfirm keys={asked.keys} onClose={() => setAsked(null)} />
      ) : (
        asked && (
          <OperationConfirmDialog
            operation={asked.operation}
            count={asked.keys.length}
            pending={updating || deleting}
            error={error}
            onConfirm={confirm}
            onClose={() => setAsked(null)}
          />
        )
      )}
      {correction && (
        <CorrectionRequestDialog
          requestId={correction.requestId}
          name={correction.name}
          onClose={() => setCorrection(null)}
        />
      )}
    </OperationScopeContext.Provider>
  );
}

function useOperationScope() {
  const scope = useContext(OperationScopeContext);
  if (!scope) throw new Error('the actions on certificates need an OperationScope above them');
  return scope;
}

/** The confirm dialog's opener of the enclosing `OperationScope`. */
export function useAskOperation(): AskOperation {
  return useOperationScope().ask;
}

/** The correction request dialog's opener of the enclosing `OperationScope`. */
export function useOpenCorrection(): OpenCorrection {
  return useOperationScope().openCorrection;
}
