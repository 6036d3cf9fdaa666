import type { AppContext } from '../../context';
import { finishCampaign } from '../../repositories/campaigns';
import { signCampaignCredentials } from '../credentials/campaignSigning';
import { queueAutomatedEmails } from '../emailing/sendEmails';
import { enqueueJob } from '../jobs/jobQueue';
import { anchorCampaignOnChain } from '../ledger/evm/chainAnchoring';
import { anchorCampaign } from '../ledger/transparencyLog';
import { hasWebhookDelivery } from '../../repositories/webhooks';
import { hasCampaignReplacements } from '../../repositories/replacements';
import { notifyCampaignPublished } from '../webhooks/notify';
import { notifyCertificatesReplaced, queueReplacementMails } from '../certificates/replacementNotice';
import { inTransaction } from '../../db/transactions';

/** Job types of a publication's follow-up work. */
export const CAMPAIGN_FOLLOW_UP = 'campaign.followUp';
export const CAMPAIGN_WEBHOOK = 'campaign.webhook';
/** The mails of a campaign's certificates that replaced others (issue 28). */
export const REPLACEMENT_MAILS = 'campaign.replacementMails';
/** A campaign's follow-up job is tried this many times: each step is idempotent, so an interrupted one goes on. */
export const FOLLOW_UP_ATTEMPTS = 10;
/** A campaign's webhook job is tried this many times when it fails before calling the webhook (see below). */
const WEBHOOK_JOB_ATTEMPTS = 5;

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
    // once only, even when this job is retried after the campaign was finished; Done, the webhook job and the
    // mail jobs are committed together: a crash or a database restart between them lost the webhook and the mails
    // (the retried job found the campaign Done and stopped; found by the chaos test, tests/chaos)
    await inTransaction(ctx.db, async (trx) => {
      if (!(await finishCampaign(trx, job.campaignId))) return;
      await enqueueJob(trx, CAMPAIGN_WEBHOOK, job, {
        maxAttempts: WEBHOOK_JOB_ATTEMPTS,
        singletonKey: `${CAMPAIGN_WEBHOOK}:${job.campaignId}`,
      });
      await queueAutomatedEmails({ ...ctx, db: trx }, job.issuerId, job.campaignId);
      // certificates that replaced others (a corrected re-issue, a publish with replace): their recipients get one
      // mail saying what changed (queueAutomatedEmails leaves them out), from a job, as the mailer writes its outbox
      // on the main connection (SQLite's one writer is this transaction)
      if (await hasCampaignReplacements(trx, job.campaignId))
        await enqueueJob(trx, REPLACEMENT_MAILS, job, { singletonKey: `${REPLACEMENT_MAILS}:${job.campaignId}` });
    });
  });
  ctx.jobs.register(REPLACEMENT_MAILS, async (payload) => {
    const job = payload as CampaignJob;
    await queueReplacementMails(ctx, job.issuerId, job.campaignId);
  });
  // deliverWithRetries already retries with back-off and records every attempt; the job is tried again only when it
  // failed before any attempt was recorded (the database unreachable while reading the settings), so a webhook that
  // was called is not called again by the job
  ctx.jobs.register(CAMPAIGN_WEBHOOK, async (payload) => {
    const job = payload as CampaignJob;
    if (await hasWebhookDelivery(ctx.db, job.issuerId, job.campaignId)) return;
    await notifyCampaignPublished(ctx, job.issuerId, job.campaignId, ctx.config.webhooks);
    // then certificate.replaced, when the campaign's certificates replaced others (issue 28)
    await notifyCertificatesReplaced(ctx, job.issuerId, job.campaignId, ctx.config.webhooks);
  });
}
