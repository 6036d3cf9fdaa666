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
    t = await createTestApp(database, { LAUREL_INITIAL_CREDITS: '10000' });
    app = t.app;
    ({ headers } = await signInAdmin(app));
    templateId = await createBadgeTemplate(app, headers);
  });
  afterAll(() => t.close());

  const health = () => app.inject({ method: 'GET', url: '/api/health' });

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
  });
});
