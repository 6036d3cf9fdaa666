import type { DuplicatesReport } from '../../../../domain/duplicates';
import type { PublishOutcome } from '../../../dataProvider/publication';

/**
 * The publish flow of spec 001 section 4, one step at a time: who already holds a certificate (issue 28), the
 * controls (credits, then rows too long), the typed check word, publishing, then the outcome's modal.
 */
export type PublishStep =
  | { step: 'idle' }
  | { step: 'checking_duplicates' }
  | { step: 'duplicates'; report: DuplicatesReport }
  | { step: 'not_enough_credits'; needed: number; current: number | null; fromServer: boolean }
  | { step: 'too_long'; rows: number[] }
  | { step: 'confirm' }
  | { step: 'publishing'; progress?: { sent: number; total: number } }
  | { step: 'outcome'; outcome: PublishOutcome };

export interface PublishControl {
  /** certificates the publish issues */
  needed: number;
  /** the issuer's credits, null when they could not be read (the server checks them anyway) */
  credits: number | null;
  /** indexes of the rows over twice the template's character maximum */
  tooLong: readonly number[];
  /** the user chose to publish those rows anyway */
  tooLongAccepted: boolean;
}

/** The first control that stops the publish, or the check word when all pass. */
export function controlStep({ needed, credits, tooLong, tooLongAccepted }: PublishControl): PublishStep {
  if (credits !== null && credits < needed)
    return { step: 'not_enough_credits', needed, current: credits, fromServer: false };
  if (tooLong.length > 0 && !tooLongAccepted) return { step: 'too_long', rows: [...tooLong] };
  return { step: 'confirm' };
}

/** After a refused publish the same rows cannot be published: a new file (or archive) must be imported. */
export function blocksPublishing(outcome: PublishOutcome): boolean {
  return outcome.kind === 'rejected' || outcome.kind === 'unavailable';
}
