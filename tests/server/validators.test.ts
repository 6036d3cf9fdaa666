import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { Migrator } from 'kysely';
import { runCli } from '../../server/cli/runCli';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { validatedIssuerIds } from '../../server/repositories/validators';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

interface Stats {
  id: number;
  label: string;
  certifiedDegrees: number;
  Credits: number;
}

interface Activity {
  id: number;
  TemplateID: number;
  nbActives: number;
}

interface Issuer {
  id: number;
  name: string;
  headers: Record<string, string>;
  templateId: number;
  campaignId: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The validator relation (issue 18): V validates A and B and never sees C. Every issuer is made by the operators'
 * tool, publishes a campaign of its own size, and signs in through the real calls.
 */
describe.each(TEST_DATABASES)('validators on %s', (database) => {
  let t: TestApp;
  let v: Issuer;
  let a: Issuer;
  let b: Issuer;
  let c: Issuer;

  const laurel = async (...argv: string[]) => {
    const lines: string[] = [];
    const env = { DATA_DIR: t.config.dataDir, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
    const code = await runCli(argv, env, { out: (line) => lines.push(line), err: (line) => lines.push(line) });
    expect(code, lines.join('\n')).toBe(0);
    return lines;
  };

  /** An issuer made by the tool, its Administrator signed in, with one published campaign of `count` certificates. */
  const issuerWithCampaign = async (name: string, email: string, count: number): Promise<Issuer> => {
    const [created] = await laurel('create-issuer', '--name', name, '--admin-email', email, '--credits', '50');
    const id = Number(/issuer (\d+)/.exec(created)?.[1]);
    const headers = bearer(await signIn(t.app, email));
    return { id, name, headers, ...(await campaignOf(headers, count)) };
  };
  const campaignOf = async (headers: Record<string, string>, count: number) => {
    const templateId = await createBadgeTemplate(t.app, headers);
    const published = await publishRows(t.app, headers, templateId, recipientRows(count));
    expect(published.statusCode, published.body).toBe(200);
    return { templateId, campaignId: published.json<{ campaignId: number }>().campaignId };
  };

  beforeEach(async () => {
    t = await createTestApp(database);
    const admin = await signInAdmin(t.app);
    v = {
      id: admin.issuerId,
      name: 'My organisation',
      headers: admin.headers,
      ...(await campaignOf(admin.headers, 1)),
    };
    a = await issuerWithCampaign('Académie A', 'admin@a.example', 2);
    b = await issuerWithCampaign('b school', 'admin@b.example', 3);
    c = await issuerWithCampaign('C Institute', 'admin@c.example', 4);
    await laurel('add-validated', String(v.id), String(a.id), String(b.id));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const stats = async (headers: Record<string, string>, query = '') => {
    const answer = await call(`/api/admin/stats${query}`, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Stats[]>();
  };
  const activity = async (headers: Record<string, string>, query = '') => {
    const answer = await call(`/api/admin/activity?startDate=${today()}&endDate=${today()}${query}`, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Activity[]>();
  };
  const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((x, y) => x - y);

  it('shows a validator exactly its own issuer and the issuers it validates, figures included', async () => {
    const seen = await stats(v.headers);
    expect(ids(seen)).toEqual([v.id, a.id, b.id]);
    expect(seen.find((item) => item.id === b.id)).toMatchObject({
      label: 'b school',
      certifiedDegrees: 3,
      Credits: 47,
    });
    expect(seen.map((item) => item.label)).toEqual(['Académie A', 'b school', 'My organisation']);
    const period = await activity(v.headers);
    expect(period.map((item) => [item.id, item.TemplateID, item.nbActives]).sort()).toEqual(
      [
        [v.id, v.templateId, 1],
        [a.id, a.templateId, 2],
        [b.id, b.templateId, 3],
      ].sort(),
    );
    const who = await call('/api/admin/who', v.headers);
    expect(who.json()).toMatchObject({ isValidator: true, issuerId: v.id });

    // the issuer filter narrows to some of them; the validated issuers themselves see only their own data
    expect(ids(await stats(v.headers, `?issuerIds=${a.id},${b.id}`))).toEqual([a.id, b.id]);
    expect(ids(await activity(v.headers, `&issuerIds=${b.id}`))).toEqual([b.id]);
    expect(ids(await stats(a.headers))).toEqual([a.id]);
    expect((await call('/api/admin/who', a.headers)).json().isValidator).toBe(false);
    expect(ids(await stats(c.headers))).toEqual([c.id]);

    // only the validating issuer's Administrators are validators
    await addUser(t.app, v.id, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect(ids(await stats(reader))).toEqual([v.id]);
    expect(ids(await activity(reader))).toEqual([v.id]);
  });

  it('refuses a validator any other issuer, on the dashboard calls and on every call about one issuer', async () => {
    for (const url of [
      `/api/admin/stats?issuerIds=${c.id}`,
      `/api/admin/stats?issuerIds=${a.id},${c.id}`,
      `/api/admin/activity?startDate=${today()}&endDate=${today()}&issuerIds=${c.id}`,
      `/api/admin/stats?issuerIds=999999`,
    ]) {
      const answer = await call(url, v.headers);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 'ISSUER_NOT_FOUND' });
    }
    // a non-validator asking for another issuer is refused the same way; its own issuer it may ask for
    expect((await call(`/api/admin/stats?issuerIds=${v.id}`, a.headers)).statusCode).toBe(404);
    expect(ids(await stats(a.headers, `?issuerIds=${a.id}`))).toEqual([a.id]);
    expect((await call('/api/admin/stats?issuerIds=1;2', v.headers)).statusCode).toBe(400);

    // validating gives the dashboard's figures, never another issuer's own data: C (and A) stay out of reach
    for (const other of [c, a]) {
      for (const url of [
        `/api/issuer/${other.id}/all`,
        `/api/issuer/${other.id}/credits`,
        `/api/issuer/${other.id}/account`,
        `/api/issuer/${other.id}/keys`,
        `/api/issuer/${other.id}/template/${other.templateId}/meta`,
        `/api/admin/report?campaignId=${other.campaignId}`,
      ]) {
        const answer = await call(url, v.headers);
        expect(answer.statusCode, url).toBe(404);
      }
      const rows = await t.app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers: v.headers,
        payload: { campaignId: other.campaignId, offset: 0, limit: 10 },
      });
      // the report rows are read within the caller's issuer: another issuer's campaign has none
      expect(rows.json()).toEqual({ data: [], count: 0 });
    }
  });

  it('keeps, across the migration, the view of validators made before the relation existed', async () => {
    const { db } = t.app.laurel;
    await laurel('remove-validated', String(v.id), '--all');
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026-11-25T1400_totp_last_step');
    expect(down.error).toBeUndefined();
    await db.updateTable('issuers').set({ is_validator: 1 }).where('id', '=', b.id).execute();
    await migrateToLatest(db);
    // B saw every issuer before: it validates every other issuer now, and only those that existed
    expect(await validatedIssuerIds(db, b.id)).toEqual([v.id, a.id, c.id].sort((x, y) => x - y));
    expect(await validatedIssuerIds(db, v.id)).toEqual([]);
    expect(ids(await stats(b.headers))).toEqual([v.id, a.id, b.id, c.id].sort((x, y) => x - y));
  });

  it('follows the operators: removing a validated issuer or all of them narrows the view at once', async () => {
    await laurel('remove-validated', String(v.id), String(b.id));
    expect(ids(await stats(v.headers))).toEqual([v.id, a.id]);
    expect((await call(`/api/admin/stats?issuerIds=${b.id}`, v.headers)).statusCode).toBe(404);
    await laurel('add-validated', String(v.id), 'C Institute');
    expect(ids(await stats(v.headers))).toEqual([v.id, a.id, c.id]);
    await laurel('remove-validated', String(v.id), '--all');
    expect(ids(await stats(v.headers))).toEqual([v.id]);
    expect((await call('/api/admin/who', v.headers)).json().isValidator).toBe(false);
  });
});
