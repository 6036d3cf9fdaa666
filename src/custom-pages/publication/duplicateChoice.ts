import type { DuplicateBehavior, DuplicatesReport } from '../../../domain/duplicates';

/** Recipients named in the duplicates dialog; the rest are counted. */
export const DUPLICATES_SHOWN = 10;

/** The page's choice about recipients who already hold a certificate, and the certificates it leaves out. */
export interface DuplicateChoice {
  behavior: DuplicateBehavior;
  skipped: number;
}

/** No recipient holds one yet: a publish that finds some after all is refused, and the choice asked then. */
export const NO_DUPLICATES: DuplicateChoice = { behavior: 'deny', skipped: 0 };

/** The certificates (and credits) a publish of `needed` certificates issues under `behavior`. */
export function certificatesAfterChoice(needed: number, report: DuplicatesReport, behavior: DuplicateBehavior): number {
  return behavior === 'skip' ? Math.max(0, needed - report.count) : needed;
}

/** The choice made in the dialog, as the publish sends it. */
export function duplicateChoice(report: DuplicatesReport, behavior: DuplicateBehavior): DuplicateChoice {
  return { behavior, skipped: behavior === 'skip' ? report.count : 0 };
}
