import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '../../server/db/schema';
import { wordTrigrams } from '../../server/repositories/reports/postgresSearch';
import { generatedCampaign, reportPage } from './reportFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * The report search box beyond its usual words (issue 16, point 2): on PostgreSQL the trigram index is asked
 * only for the words' rarest trigrams, chosen from a sample kept in memory, and many matches are read by walking
 * the order's index. Whatever the sample says, the rows found are exactly those holding every word: a word whose
 * trigrams every row has, a word added to many rows after the sample was taken, a word across a separator.
 * Each answer is compared with the same search done here over all the template's rows.
 */
describe.each(TEST_DATABASES)('the report search, on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateId: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    let issuerId: number;
    ({ headers, issuerId } = await signInAdmin(t.app));
    ({ templateId } = await generatedCampaign(t.app, headers, issuerId, 3_000));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const rows = (body: Record<string, unknown>) =>
    reportPage<{ data: { key: string }[]; count: number; countBounded?: true }>(t.app, headers, body);
  const all = () =>
    t.app.laurel.db.selectFrom('certificates').selectAll().where('template_id', '=', templateId).execute();
  const text = (row: Certificate) =>
    `${row.first_name} ${row.last_name} ${row.email} ${row.recipient_key}`.toLowerCase();
  /** The keys a search finds, newest first. */
  const found = (certificates: Certificate[], words: string[]) =>
    certificates
      .filter((row) => words.every((word) => text(row).includes(word)))
      .sort((a, b) => b.id - a.id)
      .map((row) => row.key);

  const expectSearch = async (filter: string, words: string[], certificates: Certificate[]) => {
    const keys = found(certificates, words);
    for (const offset of [0, 40]) {
      const page = await rows({ templateId, filter, status: '1,3,6,9', mailSent: '0,1,2,3', offset, limit: 20 });
      expect(page.count, filter).toBe(Math.min(keys.length, offset + 1_000));
      expect(page.countBounded, filter).toBe(keys.length > offset + 1_000 ? true : undefined);
      expect(
        page.data.map((row) => row.key),
        `${filter} at ${offset}`,
      ).toEqual(keys.slice(offset, offset + 20));
    }
  };

  it('finds words whose trigrams every row has, and words across a separator', async () => {
    const certificates = await all();
    // every trigram of these is in every row; the first two match no row, the third one row
    await expectSearch('learner@example', ['learner@example'], certificates);
    await expectSearch('doe learner example.org', ['doe', 'learner', 'example.org'], certificates);
    await expectSearch('er1@ex', ['er1@ex'], certificates);
    expect(found(certificates, ['er1@ex'])).toHaveLength(1);
    // one rare word beside an ubiquitous one; a rare part of the recipient key
    await expectSearch('EXAMPLE 2999', ['example', '2999'], certificates);
    await expectSearch('id-12', ['id-12'], certificates);
  });

  it('finds rows whose words changed after the search sample was taken, many of them', async () => {
    // the first searches take the sample (PostgreSQL): no row holds "zyxwv" then
    await expectSearch('zyxwv', ['zyxwv'], await all());
    const db = t.app.laurel.db;
    await db
      .updateTable('certificates')
      .set({ last_name: 'Zyxwv' })
      .where('template_id', '=', templateId)
      .where(sql<number>`id % 2`, '=', 0)
      .execute();
    await db
      .updateTable('certificates')
      .set({ first_name: 'Wvzyx' })
      .where('template_id', '=', templateId)
      .where(sql<number>`id % 250`, '=', 7)
      .execute();
    const certificates = await all();
    expect(found(certificates, ['zyxwv']).length).toBeGreaterThan(1_000);
    await expectSearch('zyxwv', ['zyxwv'], certificates); // counted to 1,000, walked in publication order
    await expectSearch('wvzyx', ['wvzyx'], certificates); // a dozen rows
    await expectSearch('zyx', ['zyx'], certificates);
    await expectSearch('wvzyx zyxwv', ['wvzyx', 'zyxwv'], certificates);
    // sorted by last name, the page deep in the bounded matches
    const keys = certificates
      .filter((row) => text(row).includes('zyxwv'))
      .sort((a, b) =>
        a.last_name === b.last_name ? a.id - b.id : Buffer.compare(Buffer.from(a.last_name), Buffer.from(b.last_name)),
      )
      .map((row) => row.key);
    for (const offset of [0, 480]) {
      const page = await rows({ templateId, filter: 'zyxwv', sort: 'lastName', order: 'ASC', offset, limit: 20 });
      expect([page.count, page.countBounded]).toEqual([offset + 1_000, true]);
      expect(page.data.map((row) => row.key)).toEqual(keys.slice(offset, offset + 20));
    }
  });

  it('matches a text of one or two characters as the start of an address, a recipient key or a name', async () => {
    const certificates = await all();
    const starting = (prefix: string) =>
      certificates.filter(
        (row) =>
          row.email.toLowerCase().startsWith(prefix.toLowerCase()) ||
          row.recipient_key.startsWith(prefix) ||
          row.search_name.startsWith(prefix.toLowerCase()),
      ).length;
    for (const filter of ['L', 'le', 'ID', 'zz', '9']) {
      const page = await rows({ templateId, filter, status: '1,3,6,9', mailSent: '0,1,2,3', limit: 20 });
      expect(page.count, filter).toBe(starting(filter));
    }
  });

  it('takes the trigrams pg_trgm indexes: letters and digits, three in a row', () => {
    expect(wordTrigrams('er1@ex')).toEqual(['er1']);
    expect(wordTrigrams('d-1234')).toEqual(['123', '234']);
    expect(wordTrigrams('éléve')).toEqual(['élé', 'lév', 'éve']);
    expect(wordTrigrams('a.b')).toEqual([]);
  });
});
