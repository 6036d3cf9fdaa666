/**
 * Certificate statuses and the rules on them (spec 002 section 4), shared by the server, which enforces
 * them, and the web app, which only offers what they allow.
 */
export const CERTIFICATE_STATUS = {
  validated: 1,
  deleted: 3,
  expired: 6,
  disabled: 9,
  minting: 11,
  claimed: 13,
  revealed: 14,
  /** replaced by a corrected re-issue (issue 28): not valid for good, like deleted, and linked to its successor */
  replaced: 15,
} as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUS)[keyof typeof CERTIFICATE_STATUS];

/** Count as valid or active for selection. */
export const ACTIVE_STATUSES: readonly number[] = [1, 11, 13, 14];
/** May be disabled, emailed or printed. */
export const ENABLED_STATUSES: readonly number[] = [1, 13, 14];

/**
 * The reports' default status filter (spec 001 section 9), and replaced certificates (issue 28): a report that hid
 * them would look as if a corrected re-issue had lost them. NFT templates' certificates are never replaced.
 */
export const DEFAULT_STATUS_FILTER: readonly number[] = [1, 3, 6, 9, 15];
export const NFT_STATUS_FILTER: readonly number[] = [11, 1, 3, 6, 9, 13, 14];

/** A certificate key: this many crypto-random letters and digits. */
export const CERTIFICATE_KEY_LENGTH = 128;
export const CERTIFICATE_KEY_PATTERN = /^[A-Za-z0-9]{128}$/;

/** May be replaced by a corrected re-issue: valid, and not an NFT's (their tokens and claims stay with them). */
export const REPLACEABLE_STATUSES: readonly number[] = [CERTIFICATE_STATUS.validated];

/**
 * Why a certificate followed another (certificate_replacements.kind, issue 28): a correction revokes the old one
 * (status 15); a renewal (the same recipient data, a new validity) leaves it valid until its own expiry.
 */
export const REPLACEMENT_KINDS = ['correction', 'renewal'] as const;
export type ReplacementKind = (typeof REPLACEMENT_KINDS)[number];

export type CertificateOperation = 'disable' | 'enable' | 'delete';

/** The status a user operation moves a certificate to, or null when it may not apply to that status. */
export function statusAfter(operation: CertificateOperation, status: number): number | null {
  switch (operation) {
    case 'disable':
      return ENABLED_STATUSES.includes(status) ? CERTIFICATE_STATUS.disabled : null;
    case 'enable':
      return status === CERTIFICATE_STATUS.disabled ? CERTIFICATE_STATUS.validated : null;
    case 'delete':
      return ACTIVE_STATUSES.includes(status) || status === CERTIFICATE_STATUS.disabled
        ? CERTIFICATE_STATUS.deleted
        : null;
  }
}

export function isActiveStatus(status: number): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/** Whether a certificate whose expiration date (YYYY-MM-DD) is set has passed it on `today` (YYYY-MM-DD). */
export function isExpired(expirationDate: string | null, today: string): boolean {
  return expirationDate !== null && expirationDate !== '' && expirationDate < today;
}
