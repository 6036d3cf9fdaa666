import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startLaurel, type LaurelProcess } from '../support/laurelProcess';
import { createBadgeTemplate } from '../server/publicationFixtures';
import { bearer, signInAdmin } from '../server/signIn';
import type { startSmtpSink } from '../support/smtpSink';

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The issuer's credits at the start: more than any run publishes. */
export const INITIAL_CREDITS = 10_000_000;
/** The job lease: a killed worker's job is taken up again after it (shortened from its default for the test). */
export const LEASE_SECONDS = 5;

/** What every Laurel process of the run shares: one database, one DATA_DIR, one SMTP sink, the webhook allowance. */
export function laurelEnv(
  databaseUrl: string,
  dataDir: string,
  smtpUrl: string,
  leaseSeconds = LEASE_SECONDS,
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://laurel.test',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Laurel <hello@laurel.test>',
    LAUREL_INITIAL_CREDITS: String(INITIAL_CREDITS),
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: '5000',
    JOB_LEASE_SECONDS: String(leaseSeconds),
    JOB_POLL_MS: '200',
  };
}

export interface Seed {
  issuerId: number;
  /** the administrator's session */
  session: Record<string, string>;
  /** an Administrator-level API key */
  apiKey: Record<string, string>;
  /** badge templates, one per publishing client */
  templateIds: number[];
}

/**
 * The schema, the first issuer and what the clients need, made in-process before the servers start: a session and
 * an API key, badge templates, campus.example as a sender domain, and a webhook to the receiver.
 */
export async function seed(env: Record<string, string>, mailbox: SmtpSink, webhookUrl: string, templates: number) {
  const app = await buildApp(loadConfig({ ...env, LAUREL_ROLE: 'web', JOB_POLL_MS: '0', LOG_LEVEL: 'silent' }), {
    logger: false,
  });
  try {
    const admin = await signInAdmin(app, 'admin@example.org', mailbox);
    await app.laurel.db
      .updateTable('issuers')
      .set({ domains: 'campus.example' })
      .where('id', '=', admin.issuerId)
      .execute();
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/issuer/notif',
      headers: admin.headers,
      payload: { notification: { url: webhookUrl, method: 'POST', content: '{"campaign":"${campaignId}"}' } },
    });
    if (hook.statusCode !== 200) throw new Error(`the webhook was refused: ${hook.body}`);
    const key = await app.inject({
      method: 'POST',
      url: '/api/admin/apikey',
      headers: admin.headers,
      payload: { level: 1 },
    });
    if (key.statusCode !== 201) throw new Error(`the API key was refused: ${key.body}`);
    const templateIds: number[] = [];
    for (let i = 0; i < templates; i++) templateIds.push(await createBadgeTemplate(app, admin.headers));
    return {
      issuerId: admin.issuerId,
      session: admin.headers,
      apiKey: bearer(key.json<{ token: string }>().token),
      templateIds,
    } satisfies Seed;
  } finally {
    await app.close();
  }
}

/** A worker process the harness restarts after each kill, as a supervisor would. */
export class SupervisedWorker {
  current: LaurelProcess | null = null;
  starts = 0;

  constructor(
    private readonly main: string,
    private readonly env: Record<string, string>,
  ) {}

  /** starts that ended before answering (a worker started while PostgreSQL is down exits: started again) */
  failedStarts = 0;

  async start(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        this.current = await startLaurel(this.main, { ...this.env, LAUREL_ROLE: 'worker' }, 120_000);
        this.starts++;
        return;
      } catch (error) {
        this.failedStarts++;
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** the start under way after a kill */
  restarting: Promise<void> = Promise.resolve();

  /** SIGKILL, then a new worker process, started in the background (the run goes on meanwhile) */
  async killAndRestart(): Promise<void> {
    await this.restarting;
    await this.current?.stop('SIGKILL');
    this.restarting = this.start();
  }
}

/** A fresh DATA_DIR for the run. */
export function dataFolder(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-chaos-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
