import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '../../server/db/schema';
import { publishRows, recipientRows } from './publicationFixtures';
import { generatedCampaign, reportPage } from './reportFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * The report page as the web app asks for it (issue 16, point 2): every status/mail filter combination, every
 * sortable column both ways, first, middle and last pages, and the search box, each compared with the same
 * answer computed here from all the template's rows; the kept counts after status changes, deletes and mail.
 * Which plan answers (an ordered index walked, or the filter index then a sort) follows from the counts, so the
 * combinations below go through both.
 */

interface Row {
  key: string;
  EvidenzId: number;
  StatusID: number;
  email: string;
}

const SORTS = {
  PublicationDate: 'id',
  email: 'email',
  StatusID: 'status_id',
  Language: 'language',
  LastActivity: 'mail_sent_at',
  firstName: 'first_name',
  lastName: 'last_name',
  key: 'key',
} as const;

const mailState = (row: Certificate) =>
  row.mail_sent === null ? 0 : row.mail_sent === 0 ? 2 : row.mail_read_at === null ? 1 : 3;

/** Every non-empty subset of the values. */
const subsets = (values: readonly number[]) =>
  Array.from({ length: 2 ** values.length - 1 }, (_, mask) => values.filter((_, bit) => ((mask + 1) >> bit) & 1));

describe.each(TEST_DATABASES)('the report page as the app loads it, on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateId: number;
  let bigCampaign: number;
  let smallCampaign: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    let issuerId: number;
    ({ headers, issuerId } = await signInAdmin(t.app));
    ({ templateId, campaignId: bigCampaign } = await generatedCampaign(t.app, headers, issuerId, 3_000));
    // a second campaign of the same template, published through the API
    const published = await publishRows(t.app, headers, templateId, recipientRows(7));
    expect(published.statusCode, published.body).toBe(200);
    smallCampaign = published.json().campaignId;
    // mail states and languages spread over the rows, through updates (the counts' update triggers)
    const db = t.app.laurel.db;
    await db
      .updateTable('certificates')
      .set({ mail_sent: 0 })
      .where('id', 'in', [...ids(3_000, 7)])
      .execute();
    for (let day = 0; day < 13; day++) {
      await db
        .updateTable('certificates')
        .set({ mail_sent_at: `2026-11-${String(day + 10).padStart(2, '0')}T08:00:00.000Z` })
        .where('mail_sent', 'is not', null)
        .where('id', 'in', [...ids(3_100, 13, day)])
        .execute();
    }
    await db
      .updateTable('certificates')
      .set({ mail_read_at: '2026-11-24T09:00:00.000Z' })
      .where('mail_sent', '=', 1)
      .where('id', 'in', [...ids(3_000, 5)])
      .execute();
    await db
      .updateTable('certificates')
      .set({ language: 'fr' })
      .where('id', 'in', [...ids(3_000, 4)])
      .execute();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  function* ids(upTo: number, every: number, remainder = 0) {
    for (let id = 1; id <= upTo + 10; id++) if (id % every === remainder) yield id;
  }

  const rows = (body: Record<string, unknown>) =>
    reportPage<{ data: Row[]; count: number; countBounded?: true; counters?: Record<string, number> }>(
      t.app,
      headers,
      body,
    );
  const all = () =>
    t.app.laurel.db.selectFrom('certificates').selectAll().where('template_id', '=', templateId).execute();

  /** The database's order of a column: NULL first ascending on SQLite, last on PostgreSQL; strings by bytes. */
  function compare(column: (typeof SORTS)[keyof typeof SORTS], direction: 'ASC' | 'DESC') {
    const sign = direction === 'ASC' ? 1 : -1;
    return (a: Certificate, b: Certificate) => {
      const x = a[column];
      const y = b[column];
      if (x !== y) {
        if (x === null) return (database === 'sqlite' ? -1 : 1) * sign;
        if (y === null) return (database === 'sqlite' ? 1 : -1) * sign;
        if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
        return Buffer.compare(Buffer.from(String(x)), Buffer.from(String(y))) * sign;
      }
      return (a.id - b.id) * sign;
    };
  }

  const expectedKeys = (
    certificates: Certificate[],
    filter: { campaignId?: number; statuses: number[]; mail: number[] },
    sort: keyof typeof SORTS,
    direction: 'ASC' | 'DESC',
  ) =>
    certificates
      .filter(
        (row) =>
          (filter.campaignId === undefined || row.campaign_id === filter.campaignId) &&
          filter.statuses.includes(row.status_id) &&
          filter.mail.includes(mailState(row)),
      )
      .sort(compare(SORTS[sort], direction))
      .map((row) => row.key);

  it('answers every status/mail combination with the kept count and the first and last pages', async () => {
    const certificates = await all();
    for (const statuses of [[1, 3, 6, 9], [1], [3], [9], [3, 9]]) {
      for (const mail of subsets([0, 1, 2, 3])) {
        for (const campaignId of [undefined, bigCampaign, smallCampaign]) {
          const keys = expectedKeys(certificates, { campaignId, statuses, mail }, 'PublicationDate', 'DESC');
          const target = campaignId !== undefined ? { campaignId } : { templateId };
          const base = { ...target, status: statuses.join(','), mailSent: mail.join(','), limit: 20 };
          const first = await rows({ ...base, offset: 0 });
          expect(first.count, JSON.stringify(base)).toBe(keys.length);
          expect(first.data.map((row) => row.key)).toEqual(keys.slice(0, 20));
          const lastOffset = Math.max(0, Math.floor((keys.length - 1) / 20) * 20);
          const last = await rows({ ...base, offset: lastOffset });
          expect(last.data.map((row) => row.key)).toEqual(keys.slice(lastOffset, lastOffset + 20));
        }
      }
    }
  }, 120_000);

  it('sorts by every sortable column both ways: first, middle and last pages, template and campaign', async () => {
    const certificates = await all();
    for (const sort of Object.keys(SORTS) as (keyof typeof SORTS)[]) {
      for (const order of ['ASC', 'DESC'] as const) {
        for (const [campaignId, mail] of [
          [undefined, [0, 1, 2]],
          [bigCampaign, [0, 1, 2, 3]],
          [undefined, [3]],
          [smallCampaign, [0, 1, 2]],
        ] as const) {
          const statuses = [1, 3, 6, 9];
          const keys = expectedKeys(certificates, { campaignId, statuses, mail: [...mail] }, sort, order);
          const target = campaignId !== undefined ? { campaignId } : { templateId };
          for (const offset of [0, 40, Math.floor(keys.length / 2), Math.max(0, keys.length - 20), keys.length - 7]) {
            if (offset < 0) continue;
            const page = await rows({ ...target, status: '1,3,6,9', mailSent: mail.join(','), sort, order, offset });
            expect(page.count).toBe(keys.length);
            expect(
              page.data.map((row) => row.key),
              `${sort} ${order} offset ${offset}`,
            ).toEqual(keys.slice(offset, offset + 20));
          }
        }
      }
    }
  }, 120_000);

  it('finds any word of the name, any part of the address and of the recipient key, or a whole key', async () => {
    const certificates = await all();
    const find = (words: string[]) =>
      certificates
        .filter((row) => {
          const text = `${row.first_name} ${row.last_name} ${row.email} ${row.recipient_key}`.toLowerCase();
          return words.every((word) => text.includes(word));
        })
        .sort(compare('id', 'DESC'))
        .map((row) => row.key);
    const cases: [string, string[]][] = [
      ['learner1234', ['learner1234']], // a first name
      ['DOE42', ['doe42']], // a last name, in any case
      ['doe4 LEARNER12', ['doe4', 'learner12']], // a word of each
      ['ample.or', ['ample.or']], // the middle of the address
      ['@example.org 2999', ['@example.org', '2999']],
      ['d-29', ['d-29']], // the middle of the recipient key
      ['x 999', ['x', '999']], // a one-letter word beside a longer one
      ['nobody', ['nobody']],
    ];
    for (const [filter, words] of cases) {
      const keys = find(words);
      const page = await rows({ templateId, filter, status: '1,3,6,9', mailSent: '0,1,2,3', limit: 50 });
      // counted up to 1,000 rows past the offset (SEARCH_COUNT_AHEAD), then "more than"
      expect(page.count, filter).toBe(Math.min(keys.length, 1_000));
      expect(page.countBounded, filter).toBe(keys.length > 1_000 ? true : undefined);
      expect(page.data.map((row) => row.key)).toEqual(keys.slice(0, 50));
    }
    // within a campaign, a status and a mail state, sorted by address
    const narrowed = await rows({
      campaignId: bigCampaign,
      filter: 'learner2',
      status: '9',
      mailSent: '0',
      sort: 'email',
      order: 'ASC',
      limit: 100,
    });
    const expected = certificates
      .filter(
        (row) =>
          row.campaign_id === bigCampaign &&
          row.status_id === 9 &&
          mailState(row) === 0 &&
          `${row.first_name} ${row.last_name} ${row.email} ${row.recipient_key}`.toLowerCase().includes('learner2'),
      )
      .sort(compare('email', 'ASC'))
      .map((row) => row.key);
    expect(narrowed.count).toBe(expected.length);
    expect(narrowed.data.map((row) => row.key)).toEqual(expected);
    // a whole certificate key, and short text matched as before by the start of the address
    const key = certificates[17].key;
    expect((await rows({ templateId, filter: key })).data.map((row) => row.key)).toEqual([key]);
    const short = await rows({ campaignId: smallCampaign, filter: 'le', limit: 50 });
    expect(short.count).toBe(7);
  });

  it('counts a search that many rows match only up to 1,000 rows past the page, and pages on in every order', async () => {
    const certificates = await all();
    const matching = (word: string, statuses: number[]) =>
      certificates.filter(
        (row) =>
          statuses.includes(row.status_id) &&
          `${row.first_name} ${row.last_name} ${row.email} ${row.recipient_key}`.toLowerCase().includes(word),
      );
    // "example" is in every address: 3,007 rows, more than the count goes
    const every = matching('example', [1, 3, 6, 9]);
    expect(every.length).toBeGreaterThan(2_100);
    for (const [sort, order] of [
      ['PublicationDate', 'DESC'],
      ['PublicationDate', 'ASC'],
      ['lastName', 'ASC'],
      ['email', 'DESC'],
    ] as const) {
      const keys = [...every].sort(compare(SORTS[sort], order)).map((row) => row.key);
      for (const offset of [0, 980, 2_000]) {
        const page = await rows({ templateId, filter: 'EXAMPLE', status: '1,3,6,9', sort, order, offset, limit: 20 });
        const counted = offset + 1_000;
        expect(page.count, `${sort} ${order} ${offset}`).toBe(Math.min(keys.length, counted));
        expect(page.countBounded, `${sort} ${order} ${offset}`).toBe(keys.length > counted ? true : undefined);
        expect(page.data.map((row) => row.key)).toEqual(keys.slice(offset, offset + 20));
      }
    }
    // a longer page counts past itself; the filters narrow what is counted
    const long = await rows({ templateId, filter: 'example', status: '1,3,6,9', offset: 500, limit: 1_000 });
    expect([long.count, long.countBounded, long.data.length]).toEqual([1_500, true, 1_000]);
    const disabled = matching('example', [9]);
    expect(disabled.length).toBeLessThan(1_000);
    const narrowed = await rows({ templateId, filter: 'example', status: '9', limit: 20 });
    expect([narrowed.count, narrowed.countBounded]).toEqual([disabled.length, undefined]);
    // past the last match: no rows, the exact count
    const rare = matching('learner12', [1, 3, 6, 9]);
    const past = await rows({ templateId, filter: 'learner12', status: '1,3,6,9', offset: rare.length, limit: 20 });
    expect([past.count, past.data.length]).toEqual([rare.length, 0]);
  });

  it('keeps the counts through status changes, deletes, openings and name changes', async () => {
    const before = await all();
    const disabled = before.filter((row) => row.status_id === 1).slice(0, 30);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/keys',
      headers,
      payload: { ids: disabled.map((row) => row.key), enable: false },
    });
    expect(change.statusCode, change.body).toBe(200);
    const deleted = before.filter((row) => row.status_id === 1).slice(30, 45);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/keys',
      headers,
      payload: deleted.map((row) => row.key),
    });
    expect(removal.statusCode, removal.body).toBe(200);
    // a sent message opened through the tracking image
    const sent = before.find((row) => row.mail_sent === 1 && row.mail_read_at === null) as Certificate;
    expect((await t.app.inject({ method: 'GET', url: `/mail/open/${sent.key}.gif` })).statusCode).toBe(200);
    // a name changed (open badges keep their address): found by its new name
    const moved = before.find((row) => row.mail_sent === 0 && row.id > 2_100) as Certificate;
    await t.app.laurel.db
      .updateTable('certificates')
      .set({ first_name: 'Somewhere', last_name: 'Elsewhere' })
      .where('id', '=', moved.id)
      .execute();
    // rows removed from the table itself (a cascade does the same)
    await t.app.laurel.db.deleteFrom('certificates').where('id', 'in', [101, 102, 103, 2_000]).execute();

    const after = await all();
    expect(after.find((row) => row.key === sent.key)?.mail_read_at).not.toBeNull();
    for (const campaignId of [undefined, bigCampaign, smallCampaign]) {
      for (const statuses of [[1], [3], [9], [1, 3, 6, 9]]) {
        for (const mail of [[0], [1], [2], [3], [0, 1, 2, 3]]) {
          const keys = expectedKeys(after, { campaignId, statuses, mail }, 'PublicationDate', 'DESC');
          const target = campaignId !== undefined ? { campaignId } : { templateId };
          const page = await rows({ ...target, status: statuses, mailSent: mail, limit: 5 });
          expect(page.count, JSON.stringify({ campaignId, statuses, mail })).toBe(keys.length);
          expect(
            page.data.map((row) => row.key),
            JSON.stringify({ campaignId, statuses, mail }),
          ).toEqual(keys.slice(0, 5));
        }
      }
    }
    const header = await rows({ campaignId: bigCampaign, limit: 1, counter: true });
    const big = after.filter((row) => row.campaign_id === bigCampaign);
    expect(header.counters).toEqual({
      total: big.length,
      validated: big.filter((row) => row.status_id === 1).length,
      disabled: big.filter((row) => row.status_id === 9).length,
      minting: 0,
    });
    expect((await rows({ templateId, filter: 'where elsew' })).data.map((row) => row.key)).toEqual([moved.key]);
    // the old name is gone from the index: only the unchanged address still holds it
    const old = await rows({ templateId, filter: `${moved.first_name} ${moved.last_name}` });
    expect(old.count).toBe(0);
  });
});
