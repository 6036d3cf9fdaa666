import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CertificateOperation } from '../../../domain/certificates';
import { operationFailure, runOperation } from './certificateOperations';

interface PendingOperation {
  operation: CertificateOperation;
  keys: string[];
}

/**
 * A bulk operation on certificates behind its confirmation, shared by the reports and the search page: what
 * is asked, the call while it runs, and on refusal the spec's "Operation '{op}' failed with status {status}"
 * followed by the server's reason when it gave one.
 */
export function useCertificateOperation(onDone: (operation: CertificateOperation, updated: number) => unknown) {
  const translate = useTranslate();
  const [operation, setOperation] = useState<PendingOperation | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (next: PendingOperation) => {
    setError(null);
    setOperation(next);
  };

  const confirm = async (campaignId?: number) => {
    if (!operation) return;
    setPending(true);
    setError(null);
    try {
      const result = await runOperation(operation.operation, operation.keys, campaignId);
      setOperation(null);
      await onDone(operation.operation, result.updated);
    } catch (failed) {
      const failure = operationFailure(failed);
      const message = translate('reports.operation_failed', {
        op: translate(`reports.operations.${operation.operation}`),
        status: failure.status,
      });
      setError(failure.reason ? `${message} ${translate(`reports.refusal.${failure.reason}`, { _: '' })}` : message);
    } finally {
      setPending(false);
    }
  };

  return { operation, pending, error, ask, confirm, cancel: () => setOperation(null) };
}
