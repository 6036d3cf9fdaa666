import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * The recipient-data checks the publication page runs on import (domain/import/recipientData.ts) are the
 * server's too: a publish that skips the page is refused with ERR_CPF_INCORRECT_DATA's field map and issues
 * nothing.
 */
describe.each(TEST_DATABASES)('recipient data on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
  });
  afterEach(async () => {
    await t.close();
  });

  const row = (id: string, values: Record<string, string>) => ({
    ID: id,
    Language: 'all',
    Email: `${id.toLowerCase()}@example.org`,
    firstName: id,
    lastName: 'Doe',
    ...values,
  });
  const countOf = async (table: 'campaigns' | 'certificates') =>
    Number(
      (
        await t.app.laurel.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a date serial sent as text, an unreal date, an expiry before the obtention and a link off the web', async () => {
    const refused = await publishRows(t.app, headers, templateId, [
      row('A', { obtentionDate: '46203' }),
      row('B', { obtentionDate: '2026-02-30' }),
      row('C', { obtentionDate: '2026-06-30', ExpirationDate: '2026-01-01' }),
      row('D', { linkURL: 'javascript:alert(1)' }),
      row('E', { obtentionDate: '2026-06-30', ExpirationDate: '2027-06-30', linkURL: 'https://example.org/d' }),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ERR_CPF_INCORRECT_DATA' });
    expect(refused.json().data).toEqual({
      'row 2 obtentionDate': 'not a date (YYYY-MM-DD)',
      'row 3 obtentionDate': 'not a date (YYYY-MM-DD)',
      'row 4 ExpirationDate': 'before the obtention date',
      'row 5 linkURL': 'not a web address (http or https)',
    });
    expect(await countOf('campaigns')).toBe(0);
    expect(await countOf('certificates')).toBe(0);
  });

  it('refuses NUL, bidi overrides and dates outside 1900–2100, each with its own code, and writes nothing', async () => {
    const refused = await publishRows(t.app, headers, templateId, [
      row('A', { firstName: 'Ada\u0000', obtentionDate: '9999-01-01' }),
      row('B', { lastName: '\u202Eecila', ExpirationDate: '2101-01-01', obtentionDate: '2026-01-01' }),
      row('C', { firstName: 'Carl', obtentionDate: '1899-12-31' }),
    ]);
    expect(refused.statusCode).toBe(400);
    const errors = (refused.json() as { errors: { code: string; details: string[] }[] }).errors;
    expect(errors.map((error) => error.code)).toEqual(['ERR_FORBIDDEN_CHARACTERS', 'ERR_DATE_OUT_OF_RANGE']);
    expect(errors[0].details).toHaveLength(2);
    expect(errors[0].details.join(' ')).toMatch(/U\+0000.*U\+202E/);
    expect(errors[1].details.join(' ')).toMatch(/9999-01-01.*2101-01-01.*1899-12-31/);
    // a field name (a JSON key) holding a control character is refused too
    const badKey = await publishRows(t.app, headers, templateId, [{ ...row('D', {}), 'note\u0007': 'x' }]);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors.map((error: { code: string }) => error.code)).toEqual(['ERR_FORBIDDEN_CHARACTERS']);
    expect(await countOf('campaigns')).toBe(0);
    expect(await countOf('certificates')).toBe(0);
  });

  it('issues the converted dates the page sends', async () => {
    const published = await publishRows(t.app, headers, templateId, [
      row('A', { obtentionDate: '2026-06-30', ExpirationDate: '2026-06-30', linkURL: 'http://example.org' }),
    ]);
    expect(published.statusCode, published.body).toBe(200);
    const certificate = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['obtention_date', 'expiration_date'])
      .executeTakeFirstOrThrow();
    expect(certificate).toEqual({ obtention_date: '2026-06-30', expiration_date: '2026-06-30' });
  });
});
