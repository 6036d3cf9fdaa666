import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { listOutbox } from '../../server/repositories/outbox';
import { createJobQueue } from '../../server/services/jobs/jobs';
import { CAMPAIGN_FOLLOW_UP, CAMPAIGN_WEBHOOK } from '../../server/services/publication/followUp';
import { startLaurel, type LaurelProcess } from '../support/laurelProcess';
import { compiledServerFile } from './compiledServer';
import { startLocalS3, type LocalS3 } from '../support/s3Server';
import { recipientRows } from './publicationFixtures';
import { badgePayload, multipartForm, svgLogo, type FormPart } from './templateFixtures';
import { createPostgresDatabase } from './testApp';

/**
 * Several Laurel servers on one PostgreSQL (issue 19): PostgreSQL, a local S3 (s3rver) and two compiled Laurel
 * servers as child processes behind a round-robin proxy on loopback, as a load balancer would put them: the first
 * with LAUREL_ROLE=web (it only queues jobs), the second with the default `all`. SQLite is the one-server default,
 * so this runs on PostgreSQL only. A server killed mid-signing is tested in tests/server/jobs.test.ts.
 */
const quiet = { error: () => {}, warn: () => {}, info: () => {} };

interface Proxy {
  url: string;
  /** the server (0 or 1) each request went to, in order */
  served: number[];
  close(): Promise<void>;
}

/** Sends each request to the next server in turn and says which one answered (x-upstream). */
function startProxy(targets: () => string[]): Promise<Proxy> {
  const served: number[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % targets().length;
    served.push(index);
    const target = new URL(targets()[index]);
    const { connection: _connection, 'keep-alive': _keepAlive, ...forwarded } = request.headers;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent: false,
        headers: { ...forwarded, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        const { connection: _c, 'keep-alive': _k, ...answered } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, { ...answered, 'x-upstream': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) response.destroy(error);
      else response.writeHead(502).end(error.message);
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        served,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

describe('two Laurel servers behind a load balancer', () => {
  const compiled = { main: compiledServerFile('main') };
  let pg: { url: string; drop(): Promise<void> };
  let s3: LocalS3;
  let proxy: Proxy;
  const servers: LaurelProcess[] = [];
  const dataDirs: string[] = [];
  let db: DatabaseHandle;
  let headers: Record<string, string> = {};

  beforeAll(async () => {
    [pg, s3] = await Promise.all([createPostgresDatabase(), startLocalS3()]);
    proxy = await startProxy(() => servers.map((server) => server.url));
    const shared = {
      DATABASE_URL: pg.url,
      ...s3.env,
      // what every server must share: the key that encrypts issuer keys, and the address users see
      CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxy.url,
      TRUST_PROXY: '127.0.0.1',
      JOB_POLL_MS: '200',
      LAUREL_INITIAL_CREDITS: '1000',
    };
    const roles = ['web', 'all'];
    // one after the other: the first runs the migrations and the first-run seed, the second finds them done
    for (let i = 0; i < 2; i += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `laurel-server-${i}-`));
      dataDirs.push(dataDir);
      // the first only serves requests and queues jobs; the second serves requests and runs the jobs
      servers.push(await startLaurel(compiled.main, { ...shared, DATA_DIR: dataDir, LAUREL_ROLE: roles[i] }));
    }
    db = openDatabase({ databaseUrl: pg.url, dataDir: dataDirs[0] });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await db?.close();
    await s3?.close();
    await pg?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A call through the proxy; `upstream` is the server that answered. */
  const call = async (method: string, url: string, body?: unknown, form?: FormPart[]) => {
    const multipart = form ? multipartForm(form) : null;
    const answer = await fetch(`${proxy.url}${url}`, {
      method,
      headers: { ...headers, ...(multipart?.headers ?? (body ? { 'content-type': 'application/json' } : {})) },
      body: multipart ? new Uint8Array(multipart.payload) : body ? JSON.stringify(body) : undefined,
    });
    const text = await answer.text();
    return {
      status: answer.status,
      upstream: Number(answer.headers.get('x-upstream')),
      text,
      json: () => JSON.parse(text),
    };
  };

  it('signs in through one server with the link, and the session works on the other', async () => {
    const login = await call('POST', '/api/admin/login?email=admin%40example.org');
    expect(login.status, login.text).toBe(200);
    const [message] = (await listOutbox(db.db, 'admin@example.org')).slice(-1);
    const secret = /\/login\/([A-Za-z0-9_-]{43})/.exec(message.text_body)![1];
    const exchange = await call('POST', '/api/admin/login/token', { token: secret });
    expect(exchange.status, exchange.text).toBe(200);
    expect(exchange.upstream).not.toBe(login.upstream);
    headers = { authorization: `Bearer ${exchange.json().token}` };
  });

  it('creates a template through one server, edits it through the other, and both serve its logo from S3', async () => {
    const created = await call('POST', '/api/template/mc', undefined, [
      { name: 'json', value: JSON.stringify(badgePayload()) },
      svgLogo(),
    ]);
    expect(created.status, created.text).toBe(201);
    const id = created.json().id as number;
    // both servers read it at once (no cache of their own in front of the database)
    const [first, second] = [
      await call('GET', `/api/admin/template?id=${id}`),
      await call('GET', `/api/admin/template?id=${id}`),
    ];
    expect([first.upstream, second.upstream].sort()).toEqual([0, 1]);
    expect(second.json()).toEqual(first.json());
    const saved = first.json();
    const edited = await call('POST', '/api/template/mc', undefined, [
      {
        name: 'json',
        value: JSON.stringify(
          badgePayload({
            mode: 'update',
            id,
            badge: { en: saved.content.en.badge_logo, fr: saved.content.fr.badge_logo },
            content: {
              fr: { microcertitle: 'Analyse de données', label: 'Analyse' },
              en: { microcertitle: 'Data analysis, second edition', label: 'Analysis' },
            },
          }),
        ),
      },
    ]);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.upstream).not.toBe(created.upstream);
    const reread = await call('GET', `/api/admin/template?id=${id}`);
    expect(reread.upstream).toBe(created.upstream);
    expect(reread.json().content.en.microcertitle).toBe('Data analysis, second edition');
    const logo = saved.content.en.badge_logo as string;
    for (const server of servers) {
      const image = await fetch(`${server.url}/api/template/image/${logo.slice('templates/'.length)}`);
      expect(image.status).toBe(200);
      expect(await image.text()).toContain('<rect width="10" height="10"/></svg>');
    }
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('signs every credential of a publish made through the web-only server exactly once, by the other', async () => {
    const ready = await Promise.all(servers.map((server) => fetch(`${server.url}/api/ready`).then((r) => r.json())));
    expect(ready).toMatchObject([
      { ok: true, role: 'web', jobs: false },
      { ok: true, role: 'all', jobs: true },
    ]);
    const templateId = (
      await db.db.selectFrom('templates').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    // 250 rows: more than POOL_THRESHOLD, so the compiled signing threads do the work
    const published = await fetch(`${servers[0].url}/api/admin/data`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        templateId,
        data: recipientRows(250),
        contentType: 'json',
        notes: 'two servers',
        'automated-emailing': false,
      }),
    });
    const publishedText = await published.text();
    expect(published.status, publishedText).toBe(200);
    const campaignId = JSON.parse(publishedText).campaignId as number;
    const deadline = Date.now() + 40_000;
    let status = '';
    while (Date.now() < deadline) {
      const campaigns = await call('POST', '/api/admin/campaigns');
      status = campaigns.json().campaigns.find((c: { ID: number }) => c.ID === campaignId)?.Status;
      if (status === 'Done') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('Done');
    const certificates = await db.db
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(certificates).toHaveLength(250);
    for (const certificate of certificates) {
      const credential = JSON.parse(certificate.credential ?? 'null');
      expect(credential.proof).toHaveLength(1);
      expect(credential.proof[0].type).toBe('DataIntegrityProof');
    }
    // the follow-up ran once, through pg-boss (its schema pgboss); the SQLite queue's jobs table stays empty
    const reader = createJobQueue(db.db, quiet, { pollMs: 0, work: false, databaseUrl: pg.url });
    try {
      const jobs = await reader.find({ payload: { campaignId } });
      expect(jobs.map((job) => [job.type, job.state, job.attempts])).toEqual([
        [CAMPAIGN_FOLLOW_UP, 'done', 1],
        [CAMPAIGN_WEBHOOK, 'done', 1],
      ]);
    } finally {
      await reader.stop();
    }
    const { n } = await db.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  }, 60_000);

  it('counts sign-in attempts made through both servers together', async () => {
    const statuses: number[] = [];
    const upstreams = new Set<number>();
    for (let i = 0; i < 7; i += 1) {
      const attempt = await call('POST', '/api/admin/login?email=nobody%40example.org');
      statuses.push(attempt.status);
      upstreams.add(attempt.upstream);
    }
    // five per address (LOGIN_RATE_PER_EMAIL), not five per server
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    expect([...upstreams].sort()).toEqual([0, 1]);
  });
});
