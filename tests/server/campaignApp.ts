import type { startSmtpSink } from '../support/smtpSink';
import { publishCampaign, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, type TestApp, type TestDatabase } from './testApp';

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A test's app, its signed-in administrator (headers, issuer) and the campaign it published. */
export interface CampaignApp {
  t: TestApp;
  headers: Record<string, string>;
  issuerId: number;
  templateId: number;
  campaignId: number;
}

export interface CampaignAppOptions {
  /** the app's settings besides the test defaults */
  env?: Record<string, string>;
  /** how many recipients the campaign has (recipientRows) */
  recipients?: number;
  /**
   * An app that mails over SMTP to this sink: the administrator signs in through it, the issuer may send from
   * campus.example, and the publication's own mails are sent and cleared from the sink before the test begins.
   */
  mailbox?: SmtpSink;
}

/**
 * A fresh app on `database` whose administrator is signed in and has published one campaign on a new badge
 * template: the set-up of the tests of what is done with a campaign (reports, dashboard, emailing).
 */
export async function openCampaignApp(
  database: TestDatabase,
  { env = {}, recipients = 5, mailbox }: CampaignAppOptions = {},
): Promise<CampaignApp> {
  const t = await createTestApp(database, mailbox ? { SMTP_URL: mailbox.url, ...env } : env);
  const { headers, issuerId } = await signInAdmin(t.app, 'admin@example.org', mailbox);
  if (mailbox) {
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ domains: 'campus.example' })
      .where('id', '=', issuerId)
      .execute();
  }
  const { templateId, campaignId } = await publishCampaign(t.app, headers, recipientRows(recipients));
  if (mailbox) {
    await t.app.laurel.jobs.runUntilIdle();
    mailbox.messages.length = 0;
  }
  return { t, headers, issuerId, templateId, campaignId };
}
