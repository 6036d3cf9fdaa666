import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE, type ProfileId } from '../../domain/roles';
import { routeTable, type RouteEntry } from '../../server/routeTable';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import {
  CALLERS,
  expectedStatus,
  fillBody,
  fillUrl,
  PUBLIC_TEMPLATE_CASES,
  PUBLIC_TEMPLATE_ROUTES,
  ROUTE_EXPECTATIONS,
  ROUTE_REQUESTS,
  type Caller,
  type RouteExpectation,
  type SeedIds,
} from './routeMatrix.expectations';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * Issue 17 point 14: the isolation and rights matrices, generated from the server's own route table
 * (server/routeTable.ts records every route as it is registered), against ONE expectations table
 * (routeMatrix.expectations.ts, keyed by "METHOD /url"). Every route is called by ten callers: no session, the
 * Administrator of the issuer whose ids the URL holds ("own"), the Administrator of another issuer calling with
 * those same ids ("other"), an API key of each level (1, 2, 3, 6) and the issuer's Publisher, Reader and Manager.
 * A route the server has and the table lacks fails the suite by name, and so does a table entry for a route that
 * no longer exists.
 *
 * Path and query ids are real rows of a seed made through the real calls (one issuer with a published
 * certificate, its template, campaign, users and keys; a second issuer with the same), so "other" asks for the
 * first issuer's rows. Bodies: a write is sent the entry's minimal body, or an empty JSON object; the table then
 * says what a permitted caller gets (often 400: the request reached the route's own checks, past the guard),
 * while callers without the right get 401 (no session) or 403 (profile, key level, a session-only call), and the
 * other issuer 403 or 404 as its entry says (404 where the row is looked up within the caller's issuer).
 *
 * The calls of one route run one after another (callers in the order above, the writer last); routes run in
 * parallel batches, reads before writes and deletions last, on one app per database.
 */
const BATCH = 16;

/** What the seed made: ids of the first issuer's rows (the URLs hold them), and who calls. */
interface Seed {
  ids: SeedIds;
  /** texts only the first issuer's rows hold (its users' addresses, its certificate's key) */
  markers: string[];
  headers: Record<Caller, Record<string, string>>;
}

async function seed(t: TestApp): Promise<Seed> {
  const app = t.app;
  const own = await signInAdmin(app);
  const otherIssuer = await addIssuer(app, 'Other issuer');
  await addUser(app, otherIssuer, 'admin@other.example', PROFILE.Administrator);
  const other = bearer(await signIn(app, 'admin@other.example'));
  const profiles: Partial<Record<Caller, Record<string, string>>> = {};
  const userIds: Partial<Record<ProfileId, number>> = {};
  for (const [caller, profile] of [
    ['Publisher', PROFILE.Publisher],
    ['Reader', PROFILE.Reader],
    ['Manager', PROFILE.Manager],
  ] as const) {
    const email = `${caller.toLowerCase()}@example.org`;
    userIds[profile] = await addUser(app, own.issuerId, email, profile);
    profiles[caller] = bearer(await signIn(app, email));
  }
  const spareUser = await addUser(app, own.issuerId, 'spare@example.org', PROFILE.Publisher);
  const keys: Partial<Record<Caller, Record<string, string>>> = {};
  const keyIds: number[] = [];
  // the fifth key calls nothing: DELETE /api/admin/apikey revokes it
  for (const level of [1, 2, 3, 6, 3] as const) {
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/apikey',
      headers: own.headers,
      payload: { level },
    });
    if (made.statusCode !== 201) throw new Error(`API key: ${made.statusCode} ${made.body}`);
    const { id, token } = made.json<{ id: number; token: string }>();
    if (keyIds.push(id) <= 4) keys[`key${level}`] = bearer(token);
  }
  const { plan, metatemplates, params } = await app.laurel.db
    .selectFrom('issuers')
    .select(['plan', 'metatemplates', 'params'])
    .where('id', '=', own.issuerId)
    .executeTakeFirstOrThrow();
  await app.laurel.db.updateTable('issuers').set({ credits: 100, plan, metatemplates, params }).execute();
  const templateId = await createBadgeTemplate(app, own.headers);
  const spareTemplateId = await createBadgeTemplate(app, own.headers);
  const published = await publishRows(app, own.headers, templateId, recipientRows(2));
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  const campaignId = published.json<{ campaignId: number }>().campaignId;
  // the other issuer has rows of its own, so that a leak could not hide behind an empty list
  const otherTemplate = await createBadgeTemplate(app, other);
  await publishRows(app, other, otherTemplate, recipientRows(1));
  const otherSpareTemplate = await createBadgeTemplate(app, other);
  const db = app.laurel.db;
  const certificate = await db
    .selectFrom('certificates')
    .select(['id', 'key'])
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const creditOperation = await db
    .selectFrom('credit_operations')
    .select('id')
    .where('issuer_id', '=', own.issuerId)
    .orderBy('id')
    .executeTakeFirst();
  // reading the library gives the first issuer its default images
  const library = await app.inject({ method: 'GET', url: '/api/badge-images?range=[0,0]', headers: own.headers });
  if (library.statusCode !== 200) throw new Error(`badge images: ${library.statusCode} ${library.body}`);
  const [badgeImage] = library.json<{ id: number }[]>();
  return {
    ids: {
      issuer: own.issuerId,
      template: templateId,
      spareTemplate: spareTemplateId,
      campaign: campaignId,
      certificate: certificate.id,
      certificateKey: certificate.key,
      user: userIds[PROFILE.Reader]!,
      spareUser,
      spareApiKey: keyIds[4],
      creditOperation: creditOperation?.id ?? 0,
      badgeImage: badgeImage.id,
      otherIssuer,
      otherTemplate,
      otherSpareTemplate,
      unknownTemplate: otherSpareTemplate + 1000,
    },
    markers: [certificate.key, 'reader@example.org', 'manager@example.org', 'spare@example.org'],
    headers: {
      none: {},
      own: own.headers,
      other,
      ...(keys as Record<'key1' | 'key2' | 'key3' | 'key6', Record<string, string>>),
      ...(profiles as Record<'Publisher' | 'Reader' | 'Manager', Record<string, string>>),
    },
  };
}

const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;

/**
 * The route's expectation; with ROUTE_MATRIX_DUMP=<file prefix> set (to write a route's first entry), a route
 * without one is still called, its `:id`-like parameters filled with the first issuer's id, and every answer
 * written to <prefix>-<database>.json.
 */
function entryOf(route: RouteEntry): RouteExpectation | undefined {
  const entry = ROUTE_EXPECTATIONS[routeKey(route)];
  if (entry || !process.env.ROUTE_MATRIX_DUMP) return entry;
  const url = route.url.replace(/:(\w+)/g, (param, name: string) =>
    ['issuer', 'issuerId', 'key', 'templateId'].includes(name) ? param : '{issuer}',
  );
  return { who: 'public', ok: 0, url } as RouteExpectation & { url: string };
}

/** Reads, then writes, then deletions, then the calls that end the sessions. */
const PHASES = [['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE'], null];

describe.each(TEST_DATABASES)('isolation and rights matrices on %s', (database) => {
  let t: TestApp;
  let routes: RouteEntry[];
  let observed: Map<string, Record<Caller, number>>;
  let s: Seed;
  const leaks: string[] = [];
  const started = Date.now();
  beforeAll(async () => {
    // the matrix sends its requests in batches: a health probe may wait behind a PDF or an image on a loaded machine,
    // and this test is about who may call what, not about the probe's timeout (databaseUnavailable.test.ts is)
    t = await createTestApp(database, { DATABASE_PROBE_TIMEOUT_MS: '30000' });
    s = await seed(t);
    routes = routeTable(t.app);
    observed = new Map();
    const covered = routes.filter((route) => entryOf(route));
    const last = (route: RouteEntry) => ROUTE_REQUESTS[routeKey(route)]?.last === true;
    for (const methods of PHASES) {
      const phase = covered.filter((route) => (methods ? methods.includes(route.method) && !last(route) : last(route)));
      for (let i = 0; i < phase.length; i += BATCH)
        await Promise.all(
          phase.slice(i, i + BATCH).map(async (route) => {
            const request = ROUTE_REQUESTS[routeKey(route)] ?? {};
            const statuses = {} as Record<Caller, number>;
            for (const caller of CALLERS) {
              const answer = await t.app.inject({
                method: route.method as 'GET',
                url: fillUrl(request.url ?? (entryOf(route) as { url?: string }).url ?? route.url, s.ids),
                headers: s.headers[caller],
                // one address per caller: the per-address limits (documents, sign-in) count each caller apart
                remoteAddress: `127.0.1.${CALLERS.indexOf(caller) + 1}`,
                ...(route.method === 'GET' ? {} : { payload: fillBody(request.body ?? {}, s.ids) as object }),
              });
              statuses[caller] = answer.statusCode;
              // the other issuer's Administrator never reads the first issuer's people or certificates
              if (caller === 'other' && answer.statusCode < 300 && entryOf(route)?.who !== 'public') {
                const leaked = s.markers.filter((marker) => answer.body.includes(marker));
                if (leaked.length > 0) leaks.push(`${routeKey(route)} showed ${leaked.join(', ')} to the other issuer`);
              }
            }
            observed.set(routeKey(route), statuses);
          }),
        );
    }
    if (process.env.ROUTE_MATRIX_DUMP)
      fs.writeFileSync(
        `${process.env.ROUTE_MATRIX_DUMP}-${database}.json`,
        JSON.stringify(
          routes.map((route) => ({ route: routeKey(route), statuses: observed.get(routeKey(route)) ?? null })),
          null,
          1,
        ),
      );
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    console.info(
      `route matrix on ${database}: ${observed?.size} routes × ${CALLERS.length} callers in ${Date.now() - started} ms`,
    );
  });

  it('has an expectation for every route the server answers', () => {
    const missing = routes.map(routeKey).filter((key) => !ROUTE_EXPECTATIONS[key]);
    expect(missing, `routes missing from tests/server/routeMatrix.expectations.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no expectation for a route the server no longer answers', () => {
    const known = new Set(routes.map(routeKey));
    const stale = [...Object.keys(ROUTE_EXPECTATIONS), ...Object.keys(ROUTE_REQUESTS)].filter((key) => !known.has(key));
    expect(stale, `expectations for routes that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  it('answers every route × caller as the table expects', () => {
    const wrong: string[] = [];
    for (const [key, statuses] of observed) {
      const entry = ROUTE_EXPECTATIONS[key];
      for (const caller of CALLERS) {
        const expected = expectedStatus(entry, caller);
        const ok = Array.isArray(expected) ? expected.includes(statuses[caller]) : expected === statuses[caller];
        if (!ok) wrong.push(`${key} as ${caller}: ${statuses[caller]}, expected ${String(expected)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows nothing of the first issuer to the other issuer', () => {
    expect(leaks).toEqual([]);
  });

  it("shows a template's public addresses only once it is published, the same to every caller", async () => {
    const wrong: string[] = [];
    for (const [key, route] of Object.entries(PUBLIC_TEMPLATE_ROUTES)) {
      const ask = (issuer: keyof SeedIds, template: keyof SeedIds, caller: Caller) =>
        t.app.inject({
          method: 'GET',
          url: fillUrl(route.url.replace('{issuer}', `{${issuer}}`).replace('{template}', `{${template}}`), s.ids),
          headers: s.headers[caller],
        });
      const unknown = await ask('issuer', 'unknownTemplate', 'none');
      expect(unknown.statusCode, key).toBe(404);
      for (const { name, issuer, template, shown } of PUBLIC_TEMPLATE_CASES) {
        const expected = (route.namesIssuer ? shown.namesIssuer : shown.templateOnly) ? 200 : 404;
        for (const caller of CALLERS) {
          const answer = await ask(issuer, template, caller);
          if (answer.statusCode !== expected) wrong.push(`${key}, ${name}, as ${caller}: ${answer.statusCode}`);
          // not shown reads exactly as an unknown template: nothing tells an unpublished one from a missing one
          if (expected === 404 && answer.body !== unknown.body) wrong.push(`${key}, ${name}: a body of its own`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
