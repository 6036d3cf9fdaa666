import http from 'node:http';
import https from 'node:https';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE, type ProfileId } from '../../domain/roles';
import { listWebhookDeliveries } from '../../server/repositories/webhooks';
import { deliver } from '../../server/services/webhooks/deliver';
import { notifyCampaignPublished } from '../../server/services/webhooks/notify';
import type { WebhookSettings } from '../../server/settings/webhooks';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { startReceiver } from '../support/webhookReceiver';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const LOOPBACK_ALLOWED: WebhookSettings = { allowedHosts: ['127.0.0.1'], timeoutMs: 2000 };
const FAST_RETRIES = { backoffMs: 10 };

describe.each(TEST_DATABASES)('notification webhook on %s', (database) => {
  let t: TestApp;
  let admin: { authorization: string };
  let issuerId: number;
  let receiver: Receiver | null;
  beforeEach(async () => {
    t = await createTestApp(database, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '2000' });
    ({ headers: admin, issuerId } = await signInAdmin(t.app));
    receiver = null;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await receiver?.close();
    await t.close();
  });

  const getConfig = () => t.app.inject({ method: 'GET', url: '/api/issuer/notif', headers: admin });
  const putConfig = (notification: object | null, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/issuer/notif', headers, payload: { notification } });
  const testCall = (headers = admin) => t.app.inject({ method: 'GET', url: '/api/issuer/testnotif', headers });
  const deliveries = () => listWebhookDeliveries(t.app.laurel.db, issuerId);
  const issuerParams = async () =>
    JSON.parse(
      (
        await t.app.laurel.db
          .selectFrom('issuers')
          .select('params')
          .where('id', '=', issuerId)
          .executeTakeFirstOrThrow()
      ).params,
    ) as Record<string, unknown>;

  async function configure(url: string, method: 'POST' | 'GET' = 'POST', content = '') {
    const response = await putConfig({ url, method, content });
    expect(response.statusCode, response.body).toBe(200);
  }

  describe('config', () => {
    it('saves, reads and removes the webhook in the issuer params, keeping the other params', async () => {
      await t.app.laurel.db
        .updateTable('issuers')
        .set({ params: JSON.stringify({ tracking: true }) })
        .where('id', '=', issuerId)
        .execute();
      expect((await getConfig()).json()).toBeNull();

      const config = {
        url: 'https://hooks.example.org/c/${campaignId}',
        method: 'POST',
        content: '{"id":"${campaignId}"}',
      };
      const saved = await putConfig({ ...config, url: `  ${config.url} ` });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ notification: config });
      expect((await getConfig()).json()).toEqual(config);
      expect(await issuerParams()).toEqual({ tracking: true, notification: config });

      expect((await putConfig(null)).json()).toEqual({ notification: null });
      expect((await getConfig()).json()).toBeNull();
      expect(await issuerParams()).toEqual({ tracking: true });
    });

    it('accepts an empty URL and empty content (no webhook)', async () => {
      await configure('', 'GET');
      expect((await getConfig()).json()).toEqual({ url: '', method: 'GET', content: '' });
      expect((await testCall()).json()).toEqual({ ok: false, error: 'No notification webhook is set' });
      expect(await notifyCampaignPublished(t.app.laurel, issuerId, 1, LOOPBACK_ALLOWED)).toBeNull();
      expect(await deliveries()).toEqual([]);
    });

    it('refuses invalid settings field by field and stores nothing', async () => {
      const refused = async (notification: object) => {
        const response = await putConfig(notification);
        expect(response.statusCode, response.body).toBe(400);
        return response.json();
      };
      expect(await refused({ url: 'hooks.example.org', method: 'POST', content: '' })).toMatchObject({
        code: 'INVALID_NOTIFICATION',
        errors: { url: 'invalid_url' },
      });
      expect(await refused({ url: 'ftp://files.example.org/drop', method: 'POST', content: '' })).toMatchObject({
        errors: { url: 'unsupported_protocol' },
      });
      expect(await refused({ url: 'https://example.org', method: 'POST', content: '{id: 1}' })).toMatchObject({
        errors: { content: 'invalid_json' },
      });
      expect(await refused({ url: 'https://example.org', method: 'GET', content: '{"id": 1}' })).toMatchObject({
        errors: { content: 'only_for_post' },
      });
      expect(await refused({ url: 'https://example.org', method: 'PUT', content: '' })).toMatchObject({
        code: 'VALIDATION_ERROR',
      });
      expect(await refused({ url: 'https://example.org', method: 'POST' })).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await getConfig()).json()).toBeNull();
    });

    it.each([
      ['Manager', PROFILE.Manager],
      ['Publisher', PROFILE.Publisher],
      ['Reader', PROFILE.Reader],
    ])('refuses every call to a %s', async (name, profile: ProfileId) => {
      await configure('https://hooks.example.org/');
      const email = `${name.toLowerCase()}@example.org`;
      await addUser(t.app, issuerId, email, profile);
      const headers = bearer(await signIn(t.app, email));
      for (const response of [
        await t.app.inject({ method: 'GET', url: '/api/issuer/notif', headers }),
        await putConfig(null, headers),
        await testCall(headers),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED_OPERATION', message: 'Operation unauthorized' });
      }
      expect((await getConfig()).json()).toMatchObject({ url: 'https://hooks.example.org/' });
      expect((await t.app.inject({ method: 'GET', url: '/api/issuer/notif' })).statusCode).toBe(401);
    });
  });

  describe('test call', () => {
    it('sends the configured POST with ${campaignId} replaced and answers ok', async () => {
      receiver = await startReceiver(200);
      await configure(
        `http://127.0.0.1:${receiver.port}/hooks/\${campaignId}?campaign=\${campaignId}`,
        'POST',
        '{"campaign": "${campaignId}", "event": "published"}',
      );
      const sent = vi.spyOn(http, 'request');
      const response = await testCall();
      expect(sent).toHaveBeenCalledTimes(1);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, status: 200 });
      expect(receiver.requests).toHaveLength(1);
      const [received] = receiver.requests;
      expect(received).toMatchObject({ method: 'POST', url: '/hooks/0?campaign=0' });
      expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(received.body)).toEqual({ campaign: '0', event: 'published' });
      expect(await deliveries()).toEqual([
        expect.objectContaining({
          issuer_id: issuerId,
          campaign_id: null,
          url: `http://127.0.0.1:${receiver.port}/hooks/0?campaign=0`,
          method: 'POST',
          attempt: 1,
          status_code: 200,
          error: null,
        }),
      ]);
    });

    it('sends a GET without a body', async () => {
      receiver = await startReceiver(204);
      await configure(`http://127.0.0.1:${receiver.port}/ping?c=\${campaignId}`, 'GET');
      expect((await testCall()).json()).toEqual({ ok: true, status: 204 });
      expect(receiver.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/ping?c=0', body: '' })]);
      expect(receiver.requests[0].headers['content-type']).toBeUndefined();
    });

    it('answers not ok with the status of a failing webhook, in one attempt', async () => {
      receiver = await startReceiver(500);
      await configure(`http://127.0.0.1:${receiver.port}/`);
      expect((await testCall()).json()).toEqual({
        ok: false,
        status: 500,
        error: 'the webhook answered HTTP 500',
      });
      expect(receiver.requests).toHaveLength(1);
      expect(await deliveries()).toEqual([expect.objectContaining({ attempt: 1, status_code: 500 })]);
    });

    it('sends the credentials of the URL but does not record them', async () => {
      receiver = await startReceiver(200);
      await configure(`http://laurel:s%40cret@127.0.0.1:${receiver.port}/hook`);
      expect((await testCall()).json()).toEqual({ ok: true, status: 200 });
      expect(receiver.requests[0].headers.authorization).toBe(
        `Basic ${Buffer.from('laurel:s@cret').toString('base64')}`,
      );
      const [delivery] = await deliveries();
      expect(delivery.url).toBe(`http://127.0.0.1:${receiver.port}/hook`);
    });
  });

  describe('address policy', () => {
    /** Proves that a refused call never reached the network layer. */
    function spyOnRequests() {
      return [vi.spyOn(http, 'request'), vi.spyOn(https, 'request')];
    }

    it.each([
      ['a private address', 'http://10.0.0.1/hook', /10\.0\.0\.1 is not a public address \(private\)/],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data/', /\(link-local\)/],
      ['IPv6 loopback', 'http://[::1]:9/hook', /::1 is not a public address \(loopback\)/],
      ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/hook', /\(IPv4-mapped loopback\)/],
      ['a name resolving to loopback', 'http://localhost:9/hook', /localhost resolves to .*\(loopback\)/],
    ])('refuses %s before any connection', async (_name, url, reason) => {
      await configure(url);
      const spies = spyOnRequests();
      const answer = (await testCall()).json();
      expect(answer).toEqual({ ok: false, error: expect.stringMatching(reason) });
      expect(answer.error).toMatch(/^refused: /);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      expect(await deliveries()).toEqual([
        expect.objectContaining({ attempt: 1, status_code: null, error: answer.error }),
      ]);
    });

    it('refuses 127.0.0.1 when it is not listed, without retrying, and the receiver hears nothing', async () => {
      receiver = await startReceiver(200);
      await configure(`http://127.0.0.1:${receiver.port}/hook`);
      const spies = spyOnRequests();
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 42, { allowedHosts: [], timeoutMs: 2000 });
      expect(result).toMatchObject({ ok: false, status: null, attempts: 1 });
      expect(result?.error).toMatch(/^refused: 127\.0\.0\.1 is not a public address \(loopback\)/);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      expect(receiver.requests).toHaveLength(0);
      expect(await deliveries()).toEqual([
        expect.objectContaining({ campaign_id: 42, attempt: 1, status_code: null, error: result?.error }),
      ]);
    });

    it('connects to the address it checked, not to a new resolution of the name', async () => {
      receiver = await startReceiver(200);
      // the name exists only for the policy's resolver: the connection must reuse that answer
      const outcome = await deliver(
        { url: `http://hooks.rebind.test:${receiver.port}/pinned`, method: 'GET', body: '' },
        { allowedHosts: ['hooks.rebind.test'], timeoutMs: 2000 },
        async () => [{ address: '127.0.0.1', family: 4 }],
      );
      expect(outcome).toMatchObject({ ok: true, status: 200 });
      expect(receiver.requests[0].headers.host).toBe(`hooks.rebind.test:${receiver.port}`);
    });

    it('refuses an ftp:// webhook even when it was stored without validation', async () => {
      await t.app.laurel.db
        .updateTable('issuers')
        .set({
          params: JSON.stringify({ notification: { url: 'ftp://127.0.0.1/drop', method: 'POST', content: '' } }),
        })
        .where('id', '=', issuerId)
        .execute();
      const spies = spyOnRequests();
      expect((await testCall()).json()).toEqual({
        ok: false,
        error: 'refused: only http and https are allowed, not ftp',
      });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    });
  });

  describe('after a publication', () => {
    it('retries a failing webhook and records every attempt', async () => {
      receiver = await startReceiver(500, 200);
      await configure(`http://127.0.0.1:${receiver.port}/published`, 'POST', '{"campaignId": "${campaignId}"}');
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 42, LOOPBACK_ALLOWED, FAST_RETRIES);
      expect(result).toEqual({ ok: true, status: 200, error: null, retryable: false, attempts: 2 });
      expect(receiver.requests.map((r) => JSON.parse(r.body))).toEqual([{ campaignId: '42' }, { campaignId: '42' }]);
      // one event, one id in every attempt: a receiver keeps the first call of an id (docs/webhooks.md)
      expect(receiver.requests.map((r) => r.headers['x-laurel-delivery-id'])).toEqual([
        'campaign-42-published',
        'campaign-42-published',
      ]);
      expect(await deliveries()).toEqual([
        expect.objectContaining({
          campaign_id: 42,
          attempt: 1,
          status_code: 500,
          error: 'the webhook answered HTTP 500',
        }),
        expect.objectContaining({ campaign_id: 42, attempt: 2, status_code: 200, error: null }),
      ]);
    });

    it('gives up after three attempts', async () => {
      receiver = await startReceiver(503);
      await configure(`http://127.0.0.1:${receiver.port}/published`);
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 7, LOOPBACK_ALLOWED, FAST_RETRIES);
      expect(result).toMatchObject({ ok: false, status: 503, attempts: 3 });
      expect(receiver.requests).toHaveLength(3);
      expect((await deliveries()).map((d) => [d.attempt, d.status_code])).toEqual([
        [1, 503],
        [2, 503],
        [3, 503],
      ]);
    });

    it('does not retry an answer that will not change (404)', async () => {
      receiver = await startReceiver(404);
      await configure(`http://127.0.0.1:${receiver.port}/gone`);
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 7, LOOPBACK_ALLOWED, FAST_RETRIES);
      expect(result).toMatchObject({ ok: false, status: 404, attempts: 1 });
      expect(receiver.requests).toHaveLength(1);
    });

    it('records a time-out for each attempt', async () => {
      receiver = await startReceiver('hang');
      await configure(`http://127.0.0.1:${receiver.port}/slow`);
      const started = Date.now();
      const result = await notifyCampaignPublished(
        t.app.laurel,
        issuerId,
        9,
        { allowedHosts: ['127.0.0.1'], timeoutMs: 200 },
        { attempts: 2, backoffMs: 10 },
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(result).toMatchObject({ ok: false, status: null, error: 'no answer within 200 ms', attempts: 2 });
      expect(receiver.requests).toHaveLength(2);
      expect(await deliveries()).toEqual([
        expect.objectContaining({ attempt: 1, status_code: null, error: 'no answer within 200 ms' }),
        expect.objectContaining({ attempt: 2, status_code: null, error: 'no answer within 200 ms' }),
      ]);
    });

    it('records a refused connection and retries it', async () => {
      receiver = await startReceiver(200);
      const { port } = receiver;
      await receiver.close();
      receiver = null;
      await configure(`http://127.0.0.1:${port}/closed`);
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 3, LOOPBACK_ALLOWED, FAST_RETRIES);
      expect(result).toMatchObject({ ok: false, status: null, attempts: 3 });
      expect(result?.error).toMatch(/ECONNREFUSED/);
      expect(await deliveries()).toHaveLength(3);
    });

    it('calls https webhooks over TLS', async () => {
      receiver = await startReceiver(200);
      await configure(`https://127.0.0.1:${receiver.port}/tls`);
      const sent = vi.spyOn(https, 'request');
      const result = await notifyCampaignPublished(t.app.laurel, issuerId, 3, LOOPBACK_ALLOWED, { attempts: 1 });
      // the receiver speaks plain HTTP, so the TLS handshake fails and no request reaches it
      expect(sent).toHaveBeenCalledTimes(1);
      expect(result).toMatchObject({ ok: false, status: null, attempts: 1 });
      expect(receiver.requests).toHaveLength(0);
    });

    it('sends nothing when the issuer has no webhook', async () => {
      expect(await notifyCampaignPublished(t.app.laurel, issuerId, 1, LOOPBACK_ALLOWED)).toBeNull();
      expect(await deliveries()).toEqual([]);
    });

    it('only ever reads the webhook of the campaign’s issuer', async () => {
      receiver = await startReceiver(200);
      await configure(`http://127.0.0.1:${receiver.port}/mine`);
      const other = await addIssuer(t.app, 'Other school');
      expect(await notifyCampaignPublished(t.app.laurel, other, 1, LOOPBACK_ALLOWED)).toBeNull();
      expect(receiver.requests).toHaveLength(0);
    });
  });

  describe('after a publication', () => {
    it('the background job calls the webhook with the campaign id, once', async () => {
      receiver = await startReceiver(200);
      await configure(`http://127.0.0.1:${receiver.port}/published/\${campaignId}`, 'GET');
      const templateId = await createBadgeTemplate(t.app, admin);
      const published = await publishRows(t.app, admin, templateId, recipientRows(2));
      const { campaignId } = published.json<{ campaignId: number }>();
      expect(receiver.requests).toHaveLength(0);
      await t.app.laurel.jobs.runUntilIdle();
      expect(receiver.requests).toEqual([expect.objectContaining({ method: 'GET', url: `/published/${campaignId}` })]);
      expect(await deliveries()).toEqual([
        expect.objectContaining({ campaign_id: campaignId, status_code: 200, attempt: 1 }),
      ]);
      await t.app.laurel.jobs.runUntilIdle();
      expect(receiver.requests).toHaveLength(1);
    });
  });
});
