/**
 * The credit log of My plan (spec 000 section 2.14) as a REST resource, `credit-operations`: one row per change
 * of the issuer's credits, read-only (publication debits, the sales team and the yearly expiration write it).
 */
export type CreditOperationKind = 'addition' | 'publication' | 'expiration';

export const CREDIT_OPERATION_KINDS: readonly CreditOperationKind[] = ['addition', 'publication', 'expiration'];

export interface CreditOperationRecord {
  id: number;
  /** ISO date-time */
  operation_date: string;
  /** positive is an addition, negative a debit or an expiration */
  credits: number;
  reason: string;
  kind: CreditOperationKind;
  /** the campaign a publication debit paid for */
  campaign_id: number | null;
}

/** The fields a list may be sorted on; the server refuses others. */
export const CREDIT_OPERATION_SORTS = ['operation_date', 'credits', 'id'] as const;

/**
 * The reason publication writes for a debit: "campaign 42", "campaign 43 (correction)" for a corrected re-issue,
 * "campaign 44 (renewal)" for a renewal.
 */
export const CAMPAIGN_REASON = /^campaign (\d+)(?: \((?:correction|renewal)\))?$/;
export const correctionReason = (campaignId: number) => `campaign ${campaignId} (correction)`;
export const renewalReason = (campaignId: number) => `campaign ${campaignId} (renewal)`;

/** What an operation is: an addition when positive; a debit for a campaign, or else an expiration. */
export function creditOperationKind(
  credits: number,
  reason: string,
): Pick<CreditOperationRecord, 'kind' | 'campaign_id'> {
  if (credits > 0) return { kind: 'addition', campaign_id: null };
  const campaign = CAMPAIGN_REASON.exec(reason);
  return campaign
    ? { kind: 'publication', campaign_id: Number(campaign[1]) }
    : { kind: 'expiration', campaign_id: null };
}
