import type { AppContext } from '../../context';
import { finishCampaign } from '../../repositories/campaigns';
import { signCampaignCredentials } from '../credentials/campaignSigning';
import { queueAutomatedEmails } from '../emailing/sendEmails';
import { enqueueJob } from '../jobs/jobQueue';
import { anchorCampaignOnChain } from '../ledger/evm/chainAnchoring';
import { anchorCampaign } from '../ledger/transparencyLog';
import { notifyCampaignPublished } from '../webhooks/notify';

/** Job types of a publication's follow-up work. */
export const CAMPAIGN_FOLLOW_UP = 'campaign.followUp';
export const CAMPAIGN_WEBHOOK = 'campaign.webhook';

export interface CampaignJob {
  issuerId: number;
  campaignId: number;
}

/**
 * What runs after a publish commits, in order; each step is idempotent (a retried job repeats them all and
 * each skips what is done). Then the campaign is Done, its webhook is queued and, when the publisher asked
 * for it, the recipients' emails (with the issuer's default subject and sender).
 */
type FollowUpStep = (ctx: AppContext, job: CampaignJob) => Promise<void>;
const FOLLOW_UP_STEPS: FollowUpStep[] = [
  signCampaignCredentials,
  // NFT certificates: their signed credentials become one batch of the issuer's transparency log (minting → validated)
  async (ctx, job) => {
    await anchorCampaign(ctx, job);
  },
  // with an EVM chain (NFT_RPC_URL): one anchor transaction per head, then minting → validated once it is final
  async (ctx, job) => {
    await anchorCampaignOnChain(ctx, job);
  },
];

export function registerPublicationJobs(ctx: AppContext): void {
  ctx.jobs.register(CAMPAIGN_FOLLOW_UP, async (payload) => {
    const job = payload as CampaignJob;
    for (const step of FOLLOW_UP_STEPS) await step(ctx, job);
    // once only, even when this job is retried after the campaign was finished
    if (!(await finishCampaign(ctx.db, job.campaignId))) return;
    await enqueueJob(ctx.db, CAMPAIGN_WEBHOOK, job, {
      maxAttempts: 1,
      singletonKey: `${CAMPAIGN_WEBHOOK}:${job.campaignId}`,
    });
    await queueAutomatedEmails(ctx, job.issuerId, job.campaignId);
  });
  // deliverWithRetries already retries with back-off and records every attempt: the job itself runs once
  ctx.jobs.register(CAMPAIGN_WEBHOOK, async (payload) => {
    const job = payload as CampaignJob;
    await notifyCampaignPublished(ctx, job.issuerId, job.campaignId, ctx.config.webhooks);
  });
}
