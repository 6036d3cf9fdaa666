import type { DuplicateBehavior, DuplicatesReport } from '../../../../domain/duplicates';

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
 * The certificates (and credits) a publish of `needed` certificates issues under `behavior`: replace issues everyone,
 * as allow does (the replaced ones are free only on a plan whose corrections are free, which the page cannot know).
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
