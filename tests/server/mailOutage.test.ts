import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE } from '../../domain/roles';
import {
  classifyMailError,
  MAIL_FIRST_RETRY_DELAY_MS,
  MAIL_MAX_RETRY_DELAY_MS,
  MAIL_RETRY_WINDOW_MS,
  nextMailAttemptAt,
} from '../../server/services/emailing/mailRetrySchedule';
import { loginLinkIn, startSmtpSink } from '../support/smtpSink';
import { addIssuer, addUser, bearer, signIn } from './signIn';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

interface Row {
  key: string;
  email: string;
  EmailStatus: string;
  EmailPending: boolean;
  EmailAttempts: number;
  EmailReason: string | null;
  EmailNextAttempt: string | null;
}

describe('the mail retry schedule', () => {
  it('doubles from a minute, waits at most an hour, and makes its last attempt 24 hours after the first failure', () => {
    const start = Date.UTC(2026, 10, 25, 12);
    let now = start;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextMailAttemptAt(start, attempts, now);
      if (!next) break;
      waits.push(next.getTime() - now);
      now = next.getTime();
    }
    expect(waits.slice(0, 3)).toEqual([
      MAIL_FIRST_RETRY_DELAY_MS,
      2 * MAIL_FIRST_RETRY_DELAY_MS,
      4 * MAIL_FIRST_RETRY_DELAY_MS,
    ]);
    expect(Math.max(...waits)).toBe(MAIL_MAX_RETRY_DELAY_MS);
    expect(now).toBe(start + MAIL_RETRY_WINDOW_MS);
    expect(waits.length).toBeGreaterThan(20);
  });

  it('retries 4xx answers and connection failures, and takes 5xx answers as bounces', () => {
    expect(classifyMailError(Object.assign(new Error('451 busy'), { responseCode: 451 }))).toMatchObject({
      kind: 'temporary',
      unreachable: false,
    });
    expect(classifyMailError(Object.assign(new Error('421 closing'), { responseCode: 421 }))).toMatchObject({
      kind: 'temporary',
      unreachable: true,
    });
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'])
      expect(classifyMailError(Object.assign(new Error(code), { code }))).toMatchObject({ kind: 'temporary' });
    expect(
      classifyMailError(Object.assign(new Error('550 no such user'), { responseCode: 550, code: 'EENVELOPE' })),
    ).toMatchObject({ kind: 'permanent', reason: '550 no such user' });
    expect(classifyMailError(Object.assign(new Error('Invalid recipient'), { code: 'EENVELOPE' }))).toMatchObject({
      kind: 'permanent',
    });
  });
});

describe.each(TEST_DATABASES)('mail outages on %s', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  // each test's own, from openCampaignApp
  let { t, headers, issuerId, templateId, campaignId } = {} as CampaignApp;
  const reject: string[] = [];
  const defer: string[] = [];

  beforeEach(async () => {
    reject.length = 0;
    defer.length = 0;
    sink = await startSmtpSink({ reject, defer });
    ({ t, headers, issuerId, templateId, campaignId } = await openCampaignApp(database, {
      // sessions outlive the day the clock is moved on by
      env: { SESSION_TTL_SECONDS: String(7 * 24 * 3600) },
      recipients: 3,
      mailbox: sink,
    }));
    // the controllable clock: Date only, moved on by the tests, ticking in real time meanwhile
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
    await sink.close();
  });

  const sendAll = async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: {
        templateId,
        campaignId,
        object: 'Your badge is ready',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language: 'en',
      },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toEqual({ ok: true, nbEmails: 3 });
    await t.app.laurel.jobs.runUntilIdle();
  };
  const rows = async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { campaignId, sort: 'email', order: 'ASC', offset: 0, limit: 20 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Row[] }>().data;
  };
  const nextPlanned = async () =>
    (
      await t.app.laurel.db
        .selectFrom('mail_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('state', '=', 'pending')
        .executeTakeFirst()
    )?.next as string | null;
  /** Moves the clock just past the next planned attempt and lets the worker run what is due. */
  const nextRound = async () => {
    const next = await nextPlanned();
    if (!next) return false;
    vi.setSystemTime(Date.parse(next) + 1000);
    await t.app.laurel.jobs.runUntilIdle();
    return true;
  };
  const received = () => sink.messages.map((m) => m.to[0]).sort();
  const resend = (keys: string[], as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/emails/resend', headers: as, payload: { keys } });

  it('keeps trying through an SMTP outage and delivers every message exactly once when the server is back', async () => {
    await sink.stop();
    const started = Date.now();
    await sendAll();
    let report = await rows();
    expect(report.map((row) => [row.EmailStatus, row.EmailPending, row.EmailAttempts])).toEqual([
      ['not sent', true, 1],
      ['not sent', true, 1],
      ['not sent', true, 1],
    ]);
    expect(report[0].EmailReason).toMatch(/ECONNREFUSED|connect/i);
    const firstWait = Date.parse(report[0].EmailNextAttempt as string) - Date.now();
    expect(firstWait).toBeGreaterThan(MAIL_FIRST_RETRY_DELAY_MS - 10_000);
    expect(firstWait).toBeLessThanOrEqual(MAIL_FIRST_RETRY_DELAY_MS);
    // one planned retry job for the three messages, however many failures there were
    const retryJobs = () => t.app.laurel.jobs.find({ type: 'emails.retry', states: ['queued'] });
    expect(await retryJobs()).toHaveLength(1);

    // a short real outage, then two hours of the controllable clock with the server still down
    await new Promise((resolve) => setTimeout(resolve, 1500));
    while (Date.now() - started < 2 * 3600 * 1000) expect(await nextRound()).toBe(true);
    report = await rows();
    expect(report.every((row) => row.EmailStatus === 'not sent' && row.EmailPending)).toBe(true);
    expect(report[0].EmailAttempts).toBeGreaterThanOrEqual(8);
    expect(await retryJobs()).toHaveLength(1);
    expect(sink.messages).toHaveLength(0);

    await sink.start();
    expect(await nextRound()).toBe(true);
    expect(received()).toEqual(['learner1@example.org', 'learner2@example.org', 'learner3@example.org']);
    report = await rows();
    expect(report.map((row) => [row.EmailStatus, row.EmailPending, row.EmailReason])).toEqual([
      ['Sent', false, null],
      ['Sent', false, null],
      ['Sent', false, null],
    ]);
    // nothing is left to try: a day later still one message each
    expect(await nextPlanned()).toBeNull();
    vi.setSystemTime(Date.now() + MAIL_RETRY_WINDOW_MS);
    await t.app.laurel.jobs.runUntilIdle();
    expect(sink.messages).toHaveLength(3);
  });

  it('gives up after 24 hours as not delivered with the reason, and sends the failed mails again on demand', async () => {
    await sink.stop();
    const started = Date.now();
    await sendAll();
    let rounds = 0;
    while (await nextRound()) rounds++;
    expect(rounds).toBeGreaterThan(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAIL_RETRY_WINDOW_MS);
    let report = await rows();
    expect(report.map((row) => [row.EmailStatus, row.EmailPending])).toEqual([
      ['not delivered', false],
      ['not delivered', false],
      ['not delivered', false],
    ]);
    expect(report[0].EmailReason).toMatch(/ECONNREFUSED|connect/i);
    expect(report[0].EmailAttempts).toBe(rounds + 1);

    await sink.start();
    // the resend in the very millisecond of the give-up (the clock moves in steps) still sends
    const gaveUp = await t.app.laurel.db
      .selectFrom('certificates')
      .select((eb) => eb.fn.max('mail_sent_at').as('at'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    vi.setSystemTime(Date.parse(gaveUp.at as string));
    const answer = await resend(report.map((row) => row.key));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ok: true, nbEmails: 3 });
    await t.app.laurel.jobs.runUntilIdle();
    expect(received()).toEqual(['learner1@example.org', 'learner2@example.org', 'learner3@example.org']);
    expect(sink.messages[0].subject).toBe('Your badge is ready');
    report = await rows();
    expect(report.map((row) => row.EmailStatus)).toEqual(['Sent', 'Sent', 'Sent']);
    // sent ones are not sent again
    expect((await resend(report.map((row) => row.key))).json()).toEqual({ ok: true, nbEmails: 0 });
    await t.app.laurel.jobs.runUntilIdle();
    expect(sink.messages).toHaveLength(3);
  });

  it('records a 5xx answer as a bounce, retries a 4xx answer, and resends the bounce once fixed', async () => {
    reject.push('learner1@example.org');
    defer.push('learner2@example.org');
    await sendAll();
    const report = await rows();
    expect(report.map((row) => [row.email, row.EmailStatus, row.EmailPending])).toEqual([
      ['learner1@example.org', 'not delivered', false],
      ['learner2@example.org', 'not sent', true],
      ['learner3@example.org', 'Sent', false],
    ]);
    expect(report[0].EmailReason).toMatch(/550/);
    expect(report[1].EmailReason).toMatch(/451/);
    expect(received()).toEqual(['learner3@example.org']);

    // the deferring mailbox accepts at the next attempt
    defer.length = 0;
    expect(await nextRound()).toBe(true);
    expect(received()).toEqual(['learner2@example.org', 'learner3@example.org']);

    reject.length = 0;
    const answer = await resend([report[0].key, report[2].key]);
    expect(answer.json()).toEqual({ ok: true, nbEmails: 1 });
    expect((await rows())[0]).toMatchObject({ EmailStatus: 'not sent', EmailPending: true });
    await t.app.laurel.jobs.runUntilIdle();
    expect(received()).toEqual(['learner1@example.org', 'learner2@example.org', 'learner3@example.org']);
    expect((await rows()).map((row) => row.EmailStatus)).toEqual(['Sent', 'Sent', 'Sent']);
  });

  it('lets only senders of the issuer resend, and only its own certificates', async () => {
    reject.push('learner1@example.org');
    await sendAll();
    const [bounced] = await rows();
    expect(bounced.EmailStatus).toBe('not delivered');

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const loginAs = async (email: string, issuer?: number) => bearer(await signIn(t.app, email, issuer, sink));
    const reader = await loginAs('reader@example.org');
    expect((await resend([bounced.key], reader)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/emails/resend', payload: { keys: [bounced.key] } }))
        .statusCode,
    ).toBe(401);

    const otherIssuer = await addIssuer(t.app, 'Other School');
    await addUser(t.app, otherIssuer, 'other@example.org', PROFILE.Administrator);
    const other = await loginAs('other@example.org', otherIssuer);
    expect((await resend([bounced.key], other)).json()).toEqual({ ok: true, nbEmails: 0 });
    expect((await resend(['not-a-key'])).statusCode).toBe(400);
    expect((await resend([])).statusCode).toBe(400);
    expect((await rows())[0]).toMatchObject({ EmailStatus: 'not delivered', EmailPending: false });
  });
});

/** A TCP server on `port` that accepts connections and never says a word (a mail server that hangs). */
async function startSilentServer(port: number, events: string[]) {
  const sockets: net.Socket[] = [];
  let connected: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const server = net.createServer((socket) => {
    sockets.push(socket);
    events.push('SMTP connection opened');
    socket.on('close', () => events.push('SMTP connection closed'));
    // whatever the client sends is read and left unanswered
    socket.resume();
    connected();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    firstConnection,
    sockets,
    /** stops listening and drops the connections it holds */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe.each(TEST_DATABASES)('a mail server that accepts and never greets, on %s', (database) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    await sink?.close();
  });

  it('answers each sign-in at once while the connection hangs, and sends each link once when a real server takes the port', async () => {
    // the sink's port, first held by the silent server
    sink = await startSmtpSink();
    const port = Number(new URL(sink.url).port);
    await sink.stop();
    const events: string[] = [];
    const silent = await startSilentServer(port, events);
    t = await createTestApp(database, { SMTP_URL: sink.url });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const signIn = async () => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
      expect(answer.statusCode, answer.body).toBe(200);
      events.push('sign-in answered');
    };

    await signIn();
    // the worker takes the link and waits for a greeting that never comes; meanwhile a sign-in still answers
    const sending = t.app.laurel.jobs.runUntilIdle();
    sending.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    await silent.firstConnection;
    await signIn();
    expect(silent.sockets[0].destroyed).toBe(false);
    expect(events).toEqual(['sign-in answered', 'SMTP connection opened', 'sign-in answered']);
    expect(sink.messages).toHaveLength(0);

    // a real mail server takes the port: the hung attempt fails and is tried again later, with the other link
    await silent.close();
    await sink.start();
    await sending;
    for (let round = 0; round < 3; round++) {
      vi.setSystemTime(Date.now() + 60_000);
      await t.app.laurel.jobs.runUntilIdle();
    }
    const links = sink.messages.filter((mail) => mail.to.includes('admin@example.org')).map(loginLinkIn);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    expect(await t.app.laurel.jobs.find({ type: 'mail.send', states: ['queued', 'running', 'failed'] })).toEqual([]);
    // the newer link signs in
    const secret = links.at(-1)!.split('/').at(-1);
    const exchange = await t.app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token: secret } });
    expect(exchange.statusCode, exchange.body).toBe(200);
  });
});
