import type { DuplicateBehavior, DuplicatesReport } from '../../../../domain/duplicates';
import type { ImportRow } from '../../../../domain/import';
import type { ValidityPeriod } from '../../../../domain/expiry';

/** Recipients named in the duplicates dialog; the rest are counted. */
export const DUPLICATES_SHOWN = 10;

/** The page's choice about recipients who already hold a certificate, and the certificates it leaves out. */
export interface DuplicateChoice {
  behavior: DuplicateBehavior;
  skipped: number;
  /** with replace: why, shown on the replaced certificates' pages */
  reason?: string;
}

/** The server's limit on a replacement's reason (as for a corrected re-issue). */
export const REPLACE_REASON_MAX = 500;

/** No recipient holds one yet: a publish that finds some after all is refused, and the choice asked then. */
export const NO_DUPLICATES: DuplicateChoice = { behavior: 'deny', skipped: 0 };

/**
 * The certificates (and credits) a publish of `needed` certificates issues under `behavior`: replace and renew issue
 * everyone, as allow does (the replaced ones are free only on a plan whose corrections are free, which the page cannot
 * know; renewals never are).
 */
export function certificatesAfterChoice(needed: number, report: DuplicatesReport, behavior: DuplicateBehavior): number {
  return behavior === 'skip' ? Math.max(0, needed - report.count) : needed;
}

/** The choice made in the dialog, as the publish sends it (replace: with its reason). */
export function duplicateChoice(report: DuplicatesReport, behavior: DuplicateBehavior, reason = ''): DuplicateChoice {
  return behavior === 'replace'
    ? { behavior, skipped: 0, reason: reason.trim() }
    : { behavior, skipped: behavior === 'skip' ? report.count : 0 };
}

/**
 * Whether the duplicates choice offers to renew (issue 28, renewing from a file): the renewed certificates need a new
 * expiry, so the template has a validity period or the file gives ExpirationDate; never for an NFT template.
 */
export function renewOffered(validity: ValidityPeriod | null, rows: readonly ImportRow[], nft: boolean): boolean {
  return !nft && (validity !== null || rows.some((row) => (row.ExpirationDate ?? '').trim() !== ''));
}

/** How many recipients a publish with renew renews: those holding a certificate, valid or expired (the check's count). */
export const renewedCount = (report: DuplicatesReport): number => report.renewable ?? report.count;

/**
 * Whether the page asks the duplicates question before publishing: someone holds a valid certificate, or, when
 * renewing is offered, someone holds one to renew (an expired certificate counts for renew only).
 */
export function asksDuplicates(report: DuplicatesReport, renewing: boolean): boolean {
  return report.count > 0 || (renewing && renewedCount(report) > 0);
}
