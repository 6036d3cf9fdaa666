import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE } from '../../domain/roles';
import {
  nextRetryAt,
  notifyCampaignPublished,
  RETRY_FIRST_DELAY_MS,
  RETRY_WINDOW_MS,
  WEBHOOK_RETRY_JOB,
} from '../../server/services/webhooks/notify';
import type { WebhookSettings } from '../../server/settings/webhooks';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from '../../server/services/webhooks/signing';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const LOOPBACK: WebhookSettings = { allowedHosts: ['127.0.0.1'], timeoutMs: 2000 };

/** A receiver on loopback answering each request with the next status (the last one repeats). */
async function startReceiver(...statuses: number[]) {
  const requests: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statuses[Math.min(requests.length, statuses.length) - 1] ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the retry schedule', () => {
  it('doubles from 5 minutes and ends with an attempt 24 hours after the first', () => {
    const first = Date.UTC(2026, 10, 25, 12);
    let now = first;
    const waits: number[] = [];
    for (let round = 0; ; round++) {
      const next = nextRetryAt(first, round, now);
      if (!next) break;
      waits.push(next.getTime() - now);
      now = next.getTime();
    }
    expect(waits[0]).toBe(RETRY_FIRST_DELAY_MS);
    expect(waits[1]).toBe(2 * RETRY_FIRST_DELAY_MS);
    expect(now).toBe(first + RETRY_WINDOW_MS);
    expect(waits.length).toBeLessThanOrEqual(10);
  });
});

describe.each(TEST_DATABASES)('signed webhooks on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
  beforeEach(async () => {
    // the worker's later rounds use the server's settings: receivers here listen on loopback
    t = await createTestApp(database, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await receiver?.close();
    receiver = null;
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const configure = (url: string) =>
    call('PUT', '/api/issuer/notif', {
      notification: { url, method: 'POST', content: '{"campaignId": "${campaignId}"}' },
    });

  it('shows a new secret once, and signs every delivery with the current one (timestamp and body)', async () => {
    expect((await call('GET', '/api/issuer/notif/secret')).json()).toEqual({ exists: false, createdAt: null });
    const made = await call('POST', '/api/issuer/notif/secret');
    expect(made.statusCode).toBe(200);
    const { secret } = made.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const state = (await call('GET', '/api/issuer/notif/secret')).json();
    expect(state).toEqual({ exists: true, createdAt: expect.any(String) });
    expect(JSON.stringify(state)).not.toContain(secret);

    receiver = await startReceiver(200);
    expect((await configure(receiver.url)).statusCode).toBe(200);
    expect((await notifyCampaignPublished(t.app.laurel, issuerId, 42, LOOPBACK))?.ok).toBe(true);
    const [request] = receiver.requests;
    expect(request.body).toBe('{"campaignId": "42"}');
    const signed = {
      timestamp: request.headers[TIMESTAMP_HEADER] as string,
      signature: request.headers[SIGNATURE_HEADER] as string,
    };
    expect(signed.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(Math.abs(Number(signed.timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(verifyWebhookSignature(secret, signed, request.body)).toBe(true);
    expect(verifyWebhookSignature(secret, signed, '{"campaignId": "43"}')).toBe(false);
    expect(verifyWebhookSignature(secret, signed, request.body, Date.now() + 10 * 60 * 1000)).toBe(false);

    // a rotation takes over at once: the old secret no longer verifies
    const rotated = (await call('POST', '/api/issuer/notif/secret')).json<{ secret: string }>().secret;
    expect(rotated).not.toBe(secret);
    await notifyCampaignPublished(t.app.laurel, issuerId, 43, LOOPBACK);
    const second = receiver.requests[1];
    const signedAgain = {
      timestamp: second.headers[TIMESTAMP_HEADER] as string,
      signature: second.headers[SIGNATURE_HEADER] as string,
    };
    expect(verifyWebhookSignature(rotated, signedAgain, second.body)).toBe(true);
    expect(verifyWebhookSignature(secret, signedAgain, second.body)).toBe(false);
  });

  it('signs even before an administrator made a secret (one is made, to be rotated to be seen)', async () => {
    receiver = await startReceiver(200);
    await configure(receiver.url);
    await notifyCampaignPublished(t.app.laurel, issuerId, 1, LOOPBACK);
    expect(receiver.requests[0].headers[SIGNATURE_HEADER]).toMatch(/^v1=/);
    expect((await call('GET', '/api/issuer/notif/secret')).json()).toMatchObject({ exists: true });
  });

  it('plans later rounds with back-off after temporary failures, logs them, and stops at 24 hours', async () => {
    receiver = await startReceiver(503, 503, 200);
    await configure(receiver.url);
    const first = await notifyCampaignPublished(t.app.laurel, issuerId, 7, LOOPBACK, { attempts: 1 });
    expect(first).toMatchObject({ ok: false, status: 503 });
    const { db } = t.app.laurel;
    const queued = () => t.app.laurel.jobs.find({ type: WEBHOOK_RETRY_JOB, states: ['queued'] });
    const [round1] = await queued();
    const waitMs = Date.parse(round1.runAt) - Date.now();
    expect(waitMs).toBeGreaterThan(RETRY_FIRST_DELAY_MS - 10_000);
    expect(waitMs).toBeLessThanOrEqual(RETRY_FIRST_DELAY_MS);

    const log = await call('GET', '/api/issuer/notif/deliveries');
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual([
      expect.objectContaining({ campaignId: 7, attempt: 1, status: 503, nextAttemptAt: round1.runAt }),
    ]);

    // the round comes due (the clock moved on): one attempt, failing again, plans the next one twice as far
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(round1.runAt) + 1000);
    await t.app.laurel.jobs.runUntilIdle();
    const [round2] = await queued();
    expect(Date.parse(round2.runAt) - Date.now()).toBeGreaterThan(2 * RETRY_FIRST_DELAY_MS - 10_000);
    vi.setSystemTime(Date.parse(round2.runAt) + 1000);
    await t.app.laurel.jobs.runUntilIdle();
    expect(receiver.requests).toHaveLength(3);
    expect(await queued()).toHaveLength(0);
    const entries = (await call('GET', '/api/issuer/notif/deliveries')).json<
      { attempt: number; status: number; nextAttemptAt: string | null }[]
    >();
    expect(entries.map((e) => [e.attempt, e.status, e.nextAttemptAt !== null])).toEqual([
      [3, 200, false],
      [2, 503, true],
      [1, 503, true],
    ]);

    // a round that fails after the window is over plans nothing more
    receiver.requests.length = 0;
    const stale = {
      issuerId,
      campaignId: 8,
      firstAttemptAt: Date.now() - RETRY_WINDOW_MS - 1,
      round: 9,
      attempt: 10,
    };
    const closed = await startReceiver(503);
    await configure(closed.url);
    await t.app.laurel.jobs.enqueue(db, WEBHOOK_RETRY_JOB, stale, { maxAttempts: 1 });
    await t.app.laurel.jobs.runUntilIdle();
    expect(closed.requests).toHaveLength(1);
    expect(await queued()).toHaveLength(0);
    await closed.close();
  });

  it('keeps the secret and the log to Administrators of the issuer', async () => {
    await addUser(t.app, issuerId, 'pub@example.org', PROFILE.Publisher);
    const publisher = bearer(await signIn(t.app, 'pub@example.org'));
    expect((await call('POST', '/api/issuer/notif/secret', undefined, publisher)).statusCode).toBe(403);
    expect((await call('GET', '/api/issuer/notif/deliveries', undefined, publisher)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/issuer/notif/secret' })).statusCode).toBe(401);
  });
});
