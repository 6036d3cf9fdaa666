import diagnostics from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaurelApp } from '../../server/app';
import { signCampaignCredentials } from '../../server/services/credentials/campaignSigning';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * Issue 16 point 1, as behaviour (the bench measures the times): the server answers while a write transaction is
 * open and while a large campaign is being signed, and every certificate is signed exactly once.
 */
describe.each(TEST_DATABASES)('a server that keeps answering, on %s', (database) => {
  let t: TestApp;
  let app: LaurelApp;
  let headers: Record<string, string>;
  let templateId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { LAUREL_INITIAL_CREDITS: '20000' });
    app = t.app;
    ({ headers } = await signInAdmin(app));
    templateId = await createBadgeTemplate(app, headers);
  });
  afterAll(() => t.close());

  const health = () => app.inject({ method: 'GET', url: '/api/health' });

  /**
   * Sends /api/health again and again while `work` runs; counts the answers that came after the publish's handler
   * started (Fastify's own diagnostics channel says when) and before `work` ended.
   */
  async function healthAnswersDuring<T>(work: () => Promise<T>): Promise<{ result: T; answered: number[] }> {
    let started = false;
    const onStart = (message: unknown) => {
      if ((message as { request?: { url?: string } }).request?.url === '/api/admin/data') started = true;
    };
    diagnostics.subscribe('tracing:fastify.request.handler:start', onStart);
    let done = false;
    const running = work().finally(() => {
      done = true;
    });
    running.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    const answered: number[] = [];
    try {
      while (!done) {
        const sentAfterStart = started;
        const answer = await health();
        if (sentAfterStart && !done) answered.push(answer.statusCode);
      }
      return { result: await running, answered };
    } finally {
      diagnostics.unsubscribe('tracing:fastify.request.handler:start', onStart);
    }
  }

  it('answers reads and /api/health while a write transaction is open', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened = () => {};
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const writing = app.laurel.db.transaction().execute(async (trx) => {
      await trx.updateTable('issuers').set({ name: 'Renamed inside the transaction' }).execute();
      opened();
      await held;
    });
    writing.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    await open;
    // on SQLite the writer connection is taken: reads go to the reader and see the last committed state
    const answer = await health();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, database: 'up' });
    const names = await app.laurel.db.selectFrom('issuers').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('Renamed inside the transaction');
    release();
    await writing;
    const after = await app.laurel.db.selectFrom('issuers').select('name').execute();
    expect(after.map((row) => row.name)).toContain('Renamed inside the transaction');
  });

  it('answers /api/health while a large campaign is signed on the signing threads, and signs each certificate once', async () => {
    const published = await publishRows(app, headers, templateId, recipientRows(400));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    const unsigned = () =>
      app.laurel.db
        .selectFrom('certificates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaignId)
        .where('credential', 'is', null)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    expect(await unsigned()).toBe(400);

    let done = false;
    const signing = app.laurel.jobs.runUntilIdle().finally(() => {
      done = true;
    });
    signing.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    const answeredWhileSigning: number[] = [];
    while (!done) {
      const answer = await health();
      if (!done) answeredWhileSigning.push(answer.statusCode);
    }
    await signing;
    expect(answeredWhileSigning.length).toBeGreaterThan(0);
    expect(answeredWhileSigning.every((status) => status === 200)).toBe(true);
    expect(await unsigned()).toBe(0);

    // two more runs at once (a retried job racing another) sign nothing again and change no stored credential
    const before = await app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(new Set(before.map((row) => row.credential)).size).toBe(400);
    const issuerId = (
      await app.laurel.db
        .selectFrom('campaigns')
        .select('issuer_id')
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow()
    ).issuer_id;
    await app.laurel.db
      .updateTable('certificates')
      .set({ credential: null })
      .where('id', 'in', [before[0].id, before[399].id])
      .execute();
    await Promise.all([
      signCampaignCredentials(app.laurel, { issuerId, campaignId }),
      signCampaignCredentials(app.laurel, { issuerId, campaignId }),
    ]);
    const after = await app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(after.slice(1, 399)).toEqual(before.slice(1, 399));
    // the two cleared ones were signed again, once each: one credential apiece, for their own certificate
    for (const row of [after[0], after[399]]) {
      expect(row.credential).not.toBeNull();
      const credential = JSON.parse(row.credential as string) as { id: string; proof: unknown[] };
      expect(credential.proof).toHaveLength(1);
    }
    expect(JSON.parse(after[0].credential as string).id).toBe(JSON.parse(before[0].credential as string).id);
  }, 60_000);

  it('answers /api/health between the slices of a publish: its checks of 5,000 rows, refused on the last one', async () => {
    const rows = recipientRows(5000);
    rows[4999] = { ...rows[4999], Email: 'not an address' };
    const campaignsBefore = await app.laurel.db.selectFrom('campaigns').select('id').execute();
    const { result, answered } = await healthAnswersDuring(() => publishRows(app, headers, templateId, rows));
    expect(result.statusCode, result.body).toBe(400);
    expect(result.body).toContain('ERR_INVALID_EMAILS');
    // the body's rows, the request hash and the import rules run in slices with the event loop turning between
    // them: health requests sent after the handler started were answered before it refused (all at once, only the
    // template's read would have let one through)
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.every((status) => status === 200)).toBe(true);
    expect(await app.laurel.db.selectFrom('campaigns').select('id').execute()).toEqual(campaignsBefore);
  });

  it('answers /api/health during a 3,000-row publish, which still debits once and issues each certificate once', async () => {
    const { issuer_id: issuerId } = await app.laurel.db
      .selectFrom('templates')
      .select('issuer_id')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    const credits = async () =>
      (await app.laurel.db.selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow())
        .credits;
    const before = await credits();
    const { result, answered } = await healthAnswersDuring(() =>
      publishRows(app, headers, templateId, recipientRows(3000), { idempotencyKey: 'event-loop-3000' }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.every((status) => status === 200)).toBe(true);
    const { campaignId } = result.json<{ campaignId: number }>();
    const again = await publishRows(app, headers, templateId, recipientRows(3000), {
      idempotencyKey: 'event-loop-3000',
    });
    expect(again.json()).toEqual({ campaignId });
    expect(await credits()).toBe(before - 3000);
    const operations = await app.laurel.db
      .selectFrom('credit_operations')
      .select('credits')
      .where('reason', '=', `campaign ${campaignId}`)
      .execute();
    expect(operations).toEqual([{ credits: -3000 }]);
    const issued = await app.laurel.db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(issued.n)).toBe(3000);
  });
});
