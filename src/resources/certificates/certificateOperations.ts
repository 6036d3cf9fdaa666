import { HttpError } from 'react-admin';
import {
  ACTIVE_STATUSES,
  ENABLED_STATUSES,
  statusAfter,
  type CertificateOperation,
} from '../../../domain/certificates';
import type { ReportRow } from '../../../domain/reports';
import { NetworkError } from '../../dataProvider/apiErrors';

/** What the template allows, as the report header gives it. */
export interface OperationContext {
  /** the user may act on certificates (not a Reader) */
  canAct: boolean;
  nft: boolean;
  /** the template's fields to certify; enabling and disabling need some */
  fieldsToCertified: string;
}

type Row = Pick<ReportRow, 'StatusID'>;

/**
 * The status operations a selection offers (spec 002 section 4): each needs a selected certificate it applies
 * to; delete is not for NFT templates; enable and disable need fields to certify; none for Readers.
 */
export function offeredOperations(context: OperationContext, selection: readonly Row[]): CertificateOperation[] {
  return permittedOperations(context).filter((operation) =>
    selection.some((row) => statusAfter(operation, row.StatusID) !== null),
  );
}

/** The operations this user may do on this template's certificates, whatever their status. */
export function permittedOperations(context: OperationContext): CertificateOperation[] {
  if (!context.canAct) return [];
  const certifies = context.fieldsToCertified.trim() !== '';
  return [...(certifies ? (['disable', 'enable'] as const) : []), ...(context.nft ? [] : (['delete'] as const))];
}

/** The keys an operation changes: those of the selection whose status allows it. */
export function operationKeys(
  operation: CertificateOperation,
  selection: readonly Pick<ReportRow, 'StatusID' | 'key'>[],
) {
  return selection.filter((row) => statusAfter(operation, row.StatusID) !== null).map((row) => row.key);
}

/** Lines a mail may go to: active, with an address (spec 002 section 5, email sending availability). */
export function emailableRows<T extends Pick<ReportRow, 'StatusID' | 'hasEmail'>>(rows: readonly T[]): T[] {
  return rows.filter((row) => ACTIVE_STATUSES.includes(row.StatusID) && row.hasEmail);
}

/** Lines a PDF may be printed for: validated, claimed or revealed. */
export function printableRows<T extends Row>(rows: readonly T[]): T[] {
  return rows.filter((row) => ENABLED_STATUSES.includes(row.StatusID));
}

/** A failed operation as the spec's message: "Operation '{op}' failed with status {status}", and why when known. */
export interface OperationFailure {
  status: number;
  /** the server's refusal reason (nft, no_fields_to_certify), when it gave one */
  reason: string | null;
}

export function operationFailure(error: unknown): OperationFailure {
  if (error instanceof NetworkError) return { status: 0, reason: null };
  if (error instanceof HttpError) {
    const reason = (error.body as { reason?: unknown } | undefined)?.reason;
    return { status: error.status, reason: typeof reason === 'string' ? reason : null };
  }
  return { status: 0, reason: null };
}
