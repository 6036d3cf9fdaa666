import { REPLACEABLE_STATUSES } from '../../../domain/certificates';
import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import { renewalExpiration, type ValidityPeriod } from '../../../domain/expiry';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { INTERNAL_ROW_FIELDS } from './reportRowFields';

/**
 * Corrected re-issue from a report or the search (issue 28): which selected certificates may be corrected, which of
 * their columns may change, and the changes the dialog sends to POST /api/admin/certificates/reissue.
 */

/** The most certificates one dialog corrects (each is a row of fields to edit). */
export const REISSUE_DIALOG_MAX = 100;
/** The server's limit on the reason (server/services/certificates/reissue.ts REASON_MAX_LENGTH). */
export const REISSUE_REASON_MAX = 500;

/** The recipient's columns every template has, shown first; `email` is sent as the import's `Email`. */
const LEADING = ['firstName', 'lastName', 'email'] as const;
const REQUIRED = new Set<string>(['firstName', 'lastName']);
/** Row fields that are no certificate data (the table's own columns and bookkeeping), never edited. */
const NOT_DATA = new Set([...INTERNAL_ROW_FIELDS, 'key', 'url', 'Language', 'language', 'PublicationDate']);

/** What the template says about its columns (GET /api/issuer/{issuer}/template/{id}/data), when it could be read. */
export interface TemplateColumns {
  /** the recipient key's columns: a re-issue keeps them (ERR_CHANGE_NOT_ALLOWED) */
  technicalFields: readonly string[];
  /** file columns name files of the publish's archive, which a re-issue keeps */
  fileFields: readonly string[];
}

type ReplaceableFields = Pick<CertificateRecord, 'StatusID' | 'txInBlockchainExplorer' | 'RenewedBy'>;

/**
 * Whether a re-issue may replace this certificate: valid, not an NFT's, and not renewed already (the server refuses
 * the others; a renewed certificate is acted on through its renewal).
 */
export function isReplaceable(row: ReplaceableFields): boolean {
  return REPLACEABLE_STATUSES.includes(row.StatusID) && !row.txInBlockchainExplorer && !row.RenewedBy;
}

/** The certificates of a selection that a re-issue may replace. */
export function replaceableRows<T extends ReplaceableFields>(rows: readonly T[]): T[] {
  return rows.filter(isReplaceable);
}

/**
 * Whether a renewal may follow this certificate (issue 28): valid, not an NFT's and not renewed already, as for a
 * correction, but also once its expiration date has passed (that is what a renewal is for).
 */
export const isRenewable = isReplaceable;

/** The certificates of a selection that a renewal may follow. */
export function renewableRows<T extends ReplaceableFields>(rows: readonly T[]): T[] {
  return rows.filter(isRenewable);
}

/**
 * The columns of a certificate that the dialog lets change: first name, last name, address, then the template's
 * other data columns the row has, in its order; never the recipient key, the language or a file column.
 */
export function editableColumns(row: CertificateRecord, template: TemplateColumns | null): string[] {
  const kept = new Set([...(template?.technicalFields ?? []), ...(template?.fileFields ?? [])]);
  const data = Object.keys(row).filter(
    (field) => !NOT_DATA.has(field) && !(LEADING as readonly string[]).includes(field) && !kept.has(field),
  );
  return [...LEADING, ...data];
}

/** A column's value as the row holds it, as text. */
export function originalValue(row: CertificateRecord, column: string): string {
  const value = row[column];
  return value === null || value === undefined ? '' : String(value);
}

/** Why a field's value would be refused before sending: empty where required, or not an address. */
export function fieldProblem(column: string, value: string, original: string): 'required' | 'bad_email' | null {
  const trimmed = value.trim();
  if (REQUIRED.has(column) && trimmed === '') return 'required';
  // an address the certificate had may stay as it is; a new one must be one
  if (column === 'email' && trimmed !== '' && trimmed !== original && !isValidEmail(sanitizeEmail(trimmed)))
    return 'bad_email';
  return null;
}

/** The changes of one certificate as the route takes them: the columns whose value differs, trimmed. */
export function changesOf(
  row: CertificateRecord,
  values: Readonly<Record<string, string>>,
  columns: readonly string[],
): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const column of columns) {
    const value = (values[column] ?? originalValue(row, column)).trim();
    if (value === originalValue(row, column)) continue;
    changes[column === 'email' ? 'Email' : column] = column === 'email' ? sanitizeEmail(value) : value;
  }
  return changes;
}

/**
 * The selection's new expiration date when none is chosen (issue 28): today plus the templates' validity when they
 * all have the same one (`date`), `mixed` when they have several, `missing` when one has none (a date must then be
 * chosen: the server would refuse, ERR_NO_VALIDITY); null while the templates are unknown.
 */
export type RenewalDefault =
  { kind: 'period'; validity: ValidityPeriod; date: string } | { kind: 'mixed' } | { kind: 'missing' };

export function renewalDefault(validities: readonly (ValidityPeriod | null)[], today: string): RenewalDefault | null {
  if (validities.length === 0) return null;
  if (validities.some((validity) => validity === null)) return { kind: 'missing' };
  const [first] = validities as readonly ValidityPeriod[];
  if (validities.some((validity) => validity?.amount !== first.amount || validity.unit !== first.unit))
    return { kind: 'mixed' };
  return { kind: 'period', validity: first, date: renewalExpiration(today, first) ?? '' };
}
