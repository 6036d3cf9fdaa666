import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityKind } from '../../domain/activity';
import { activityOf } from '../../server/repositories/certificateActivity';
import { openCampaignApp, type CampaignApp } from './campaignApp';
import { TEST_DATABASES } from './testApp';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** what Microsoft's mail scanning (Safe Links) and Proofpoint send when they open every link of a mail */
const SCANNERS = [
  'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)',
  'Mozilla/5.0 (compatible; Proofpoint URL Defense)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; BingPreview/1.0b) AppleWebKit/537.36',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'curl/8.5.0',
];

interface Visitor {
  ip?: string;
  userAgent?: string;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
}

describe.each(TEST_DATABASES)('what recipients did with their certificates (issue 31) on %s', (database) => {
  let t: CampaignApp['t'];
  let headers: CampaignApp['headers'];
  let campaignId: number;
  let certificates: { id: number; key: string }[];
  beforeEach(async () => {
    ({ t, headers, campaignId } = await openCampaignApp(database, { recipients: 2 }));
    await t.app.laurel.jobs.runUntilIdle();
    certificates = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'key'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(certificates).toHaveLength(2);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const visit = (
    url: string,
    { ip = '198.51.100.7', userAgent = CHROME, method = 'GET', headers = {} }: Visitor = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      // an empty User-Agent, as light-my-request otherwise names itself
      headers: { 'user-agent': userAgent, ...headers },
    });

  /** A certificate's counters once the writes under way are done. */
  async function counted(id: number): Promise<Partial<Record<ActivityKind, number>>> {
    await t.app.laurel.activity.settled();
    const activity = (await activityOf(t.app.laurel.db, [id])).get(id) ?? {};
    return Object.fromEntries(Object.entries(activity).map(([kind, counter]) => [kind, counter.count]));
  }

  it('counts a view once per visitor and day, a second visitor apart, a cached page too, and again the next day', async () => {
    const [{ id, key }, other] = certificates;
    const page = `/certificate/${key}`;
    expect((await visit(page)).statusCode).toBe(200);
    // the second answer comes from the page cache: still counted, once per visitor
    expect((await visit(page)).statusCode).toBe(200);
    expect(await counted(id)).toEqual({ view: 1 });
    expect((await visit(page, { ip: '198.51.100.8' })).statusCode).toBe(200);
    // the same address with another browser is another visitor
    expect((await visit(page, { userAgent: FIREFOX })).statusCode).toBe(200);
    expect(await counted(id)).toEqual({ view: 3 });
    expect(await counted(other.id)).toEqual({});

    const first = (await activityOf(t.app.laurel.db, [id])).get(id)?.view;
    expect(first && first.lastAt >= first.firstAt).toBe(true);

    // the next day the same visitor counts again; the first view stays the first
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 86_400_000);
    expect((await visit(page)).statusCode).toBe(200);
    expect(await counted(id)).toEqual({ view: 4 });
    const later = (await activityOf(t.app.laurel.db, [id])).get(id)?.view;
    expect(later?.firstAt).toBe(first?.firstAt);
    expect(later && later.lastAt > later.firstAt).toBe(true);
  });

  it("does not count a mail scanner's or link previewer's fetch, a HEAD, a prefetch or a request without a browser", async () => {
    const [{ id, key }] = certificates;
    const page = `/certificate/${key}`;
    for (const [index, userAgent] of SCANNERS.entries()) {
      // each from its own address: nothing is left out as a repeat
      const answer = await visit(page, { userAgent, ip: `192.0.2.${index + 1}` });
      expect(answer.statusCode, userAgent).toBe(200);
      expect((await visit(`${page}/linkedin`, { userAgent, ip: `192.0.2.${index + 1}` })).statusCode).toBe(302);
      expect((await visit(`${page}/certificate.pdf`, { userAgent, ip: `192.0.2.${index + 1}` })).statusCode).toBe(200);
    }
    expect((await visit(page, { method: 'HEAD', ip: '192.0.2.50' })).statusCode).toBe(200);
    expect((await visit(page, { headers: { 'sec-purpose': 'prefetch' }, ip: '192.0.2.51' })).statusCode).toBe(200);
    expect((await visit(page, { headers: { purpose: 'prefetch' }, ip: '192.0.2.52' })).statusCode).toBe(200);
    expect((await visit(page, { userAgent: '', ip: '192.0.2.53' })).statusCode).toBe(200);
    expect(await counted(id)).toEqual({});
    // the person behind the scanner then opens it: counted
    expect((await visit(page, { ip: '192.0.2.1' })).statusCode).toBe(200);
    expect(await counted(id)).toEqual({ view: 1 });
  });

  it('counts a PDF, a badge image download and a LinkedIn click that leads to LinkedIn’s form', async () => {
    const [{ id, key }] = certificates;
    const pdf = await visit(`/certificate/${key}/certificate.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // the badge's image is an SVG: the PNG address redirects to it (not counted), its download is
    const png = await visit(`/certificate/${key}/badge.png`);
    expect(png.statusCode).toBe(302);
    expect((await visit(png.headers.location as string)).statusCode).toBe(200);

    const click = await visit(`/certificate/${key}/linkedin?lang=en`);
    expect(click.statusCode).toBe(302);
    const form = new URL(click.headers.location as string);
    expect(`${form.origin}${form.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(form.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
    expect(form.searchParams.get('certId')).toBe(key);
    expect(form.searchParams.get('certUrl')).toBe(`http://laurel.test/certificate/${key}`);
    expect(await counted(id)).toEqual({ pdf: 1, image: 1, linkedin: 1 });

    // an unknown key leads nowhere, and counts nothing
    expect((await visit(`/certificate/${'x'.repeat(128)}/linkedin`)).statusCode).toBe(404);
  });

  it('counts verifications by the verify page and by the VC-API verifier, machines included', async () => {
    const [{ id, key }] = certificates;
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { key },
      remoteAddress: '203.0.113.1',
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    const credential = (await visit(`/certificate/${key}/credential.json`)).json<Record<string, unknown>>();
    const vcApi = await t.app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential: credential },
      headers: { 'user-agent': 'Go-http-client/1.1' },
      remoteAddress: '203.0.113.2',
    });
    expect(vcApi.statusCode, vcApi.body).toBe(200);
    expect(vcApi.json<{ verified: boolean }>().verified).toBe(true);
    expect(await counted(id)).toEqual({ verification: 2 });
  });

  it('shows views, downloads, LinkedIn clicks and verifications in the report, its viewed filter and the dashboard', async () => {
    const [viewed, never] = certificates;
    await visit(`/certificate/${viewed.key}`);
    await visit(`/certificate/${viewed.key}`, { ip: '198.51.100.9' });
    await visit(`/certificate/${viewed.key}/certificate.pdf`);
    await visit(`/certificate/${viewed.key}/linkedin`);
    await visit(`/certificate/${never.key}/certificate.pdf`);
    await t.app.laurel.activity.settled();

    const report = async (body: Record<string, unknown> = {}) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers,
        payload: { campaignId, sort: 'email', order: 'ASC', ...body },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: Record<string, unknown>[]; count: number }>();
    };
    const { data } = await report();
    const byKey = new Map(data.map((row) => [row.key, row]));
    expect(byKey.get(viewed.key)).toMatchObject({ Views: 2, Downloads: 1, LinkedInClicks: 1, Verifications: 0 });
    expect(byKey.get(viewed.key)?.LastView).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byKey.get(never.key)).toMatchObject({ Views: 0, FirstView: null, LastView: null, Downloads: 1 });
    // the viewed filter: viewed, never viewed, both
    const viewedRows = await report({ viewed: '1' });
    expect(viewedRows.data.map((row) => row.key)).toEqual([viewed.key]);
    expect(viewedRows.count).toBe(1);
    expect((await report({ viewed: '0' })).data.map((row) => row.key)).toEqual([never.key]);
    expect((await report({ viewed: '0,1' })).count).toBe(2);
    // with the search box's words too
    expect((await report({ viewed: '1', filter: 'learner' })).count).toBe(1);

    // the dashboard's period totals
    const today = new Date().toISOString().slice(0, 10);
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/admin/activity?startDate=${today}&endDate=${today}`,
      headers,
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const items = activity.json<{ nbViews?: number; nbDownloads?: number; nbLinkedIn?: number }[]>();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ nbViews: 2, nbDownloads: 2, nbLinkedIn: 1, nbVerifications: 0 });
  });

  it('shows views, downloads, LinkedIn clicks and verifications on the search rows too, in one query for the page', async () => {
    const [viewed, never] = certificates;
    await visit(`/certificate/${viewed.key}`);
    await visit(`/certificate/${viewed.key}/certificate.pdf`);
    await visit(`/certificate/${viewed.key}/linkedin`);
    await t.app.laurel.activity.settled();

    const search = async (mode: string, value: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin/data?mode=${mode}&value=${encodeURIComponent(value)}`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: Record<string, unknown>[]; total: number }>().data;
    };
    const [found] = await search('key', viewed.key);
    expect(found).toMatchObject({ key: viewed.key, Views: 1, Downloads: 1, LinkedInClicks: 1, Verifications: 0 });
    expect(found.FirstView).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(found.LastView).toBe(found.FirstView);
    const [untouched] = await search('key', never.key);
    expect(untouched).toMatchObject({
      key: never.key,
      Views: 0,
      FirstView: null,
      LastView: null,
      Downloads: 0,
      LinkedInClicks: 0,
      Verifications: 0,
    });

    // a search by address answers several rows; their activity comes in one query, not one a row
    const { email } = await t.app.laurel.db
      .selectFrom('certificates')
      .select('email')
      .where('id', '=', viewed.id)
      .executeTakeFirstOrThrow();
    await t.app.laurel.db.updateTable('certificates').set({ email }).where('id', '=', never.id).execute();
    const queries: string[] = [];
    const db = t.app.laurel.db;
    const logged = vi.spyOn(db, 'selectFrom');
    logged.mockImplementation(((...args: Parameters<typeof db.selectFrom>) => {
      queries.push(String(args[0]));
      return (Object.getPrototypeOf(db) as typeof db).selectFrom.apply(db, args);
    }) as typeof db.selectFrom);
    const rows = await search('email', email);
    logged.mockRestore();
    expect(rows.map((row) => [row.key, row.Views])).toEqual(
      expect.arrayContaining([
        [viewed.key, 1],
        [never.key, 0],
      ]),
    );
    expect(queries.filter((table) => table.includes('certificate_activity'))).toHaveLength(1);
  });

  it('still answers the page, the PDF and the LinkedIn click when the activity cannot be written', async () => {
    const [{ id, key }] = certificates;
    const warnings: unknown[] = [];
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });
    // the counters' table is gone: every write fails
    await t.app.laurel.db.schema.dropTable('certificate_activity').execute();
    expect((await visit(`/certificate/${key}`)).statusCode).toBe(200);
    expect((await visit(`/certificate/${key}/certificate.pdf`)).statusCode).toBe(200);
    expect((await visit(`/certificate/${key}/linkedin`)).statusCode).toBe(302);
    await t.app.laurel.activity.settled();
    warn.mockRestore();
    expect(JSON.stringify(warnings)).toContain('activity not counted');
    // nothing half-written: the day's totals were rolled back with the counter
    const days = await t.app.laurel.db.selectFrom('activity_days').selectAll().execute();
    expect(days).toEqual([]);
    expect((await t.app.laurel.db.selectFrom('certificates').select('id').where('id', '=', id).execute()).length).toBe(
      1,
    );
  });
});
