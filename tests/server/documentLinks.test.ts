import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_LINK_TTL_SECONDS } from '../../server/routes/pdf';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** The reports' PDF and archive links (issue 17, point 9): short-lived, and withdrawn with their certificates. */
describe.each(TEST_DATABASES)('document download links on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let keys: string[];
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers } = await signInAdmin(t.app));
    const templateId = await createBadgeTemplate(t.app, headers);
    await publishRows(t.app, headers, templateId, recipientRows(3));
    keys = (await t.app.laurel.db.selectFrom('certificates').select('key').orderBy('id').execute()).map((r) => r.key);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  async function prepared(ask: () => Promise<{ json(): { token: string } }>): Promise<string> {
    const { token } = (await ask()).json();
    await t.app.laurel.jobs.runUntilIdle();
    expect((await t.app.inject({ method: 'GET', url: `/api/document/ready/${token}` })).json()).toMatchObject({
      ready: true,
    });
    return token;
  }
  const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/document/download/${token}` });
  const ready = (token: string) => t.app.inject({ method: 'GET', url: `/api/document/ready/${token}` });
  const askPdf = (key: string) => () => t.app.inject({ method: 'GET', url: `/api/document/${key}`, headers });
  const askZip = () => t.app.inject({ method: 'POST', url: '/api/admin/pdf', headers, payload: { keys } });

  it(`works for ${DOCUMENT_LINK_TTL_SECONDS / 60} minutes after the request, then answers 410 and forgets the file`, async () => {
    const token = await prepared(askPdf(keys[0]));
    expect((await download(token)).statusCode).toBe(200);
    // the link's life later (the clock moved on)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + (DOCUMENT_LINK_TTL_SECONDS + 5) * 1000);
    const expired = await download(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'DOCUMENT_EXPIRED' });
    expect((await ready(token)).statusCode).toBe(410);
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'documents', `${token}.pdf`))).toBe(false);
  });

  it('is refused once its certificate is deleted', async () => {
    const token = await prepared(askPdf(keys[1]));
    await t.app.inject({ method: 'DELETE', url: '/api/admin/keys', headers, payload: [keys[1]] });
    const gone = await download(token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'DOCUMENT_WITHDRAWN' });
    expect((await ready(token)).json()).toMatchObject({ code: 'DOCUMENT_WITHDRAWN' });
  });

  it('an archive is refused once one of its certificates is disabled or deleted', async () => {
    const token = await prepared(askZip);
    expect((await download(token)).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/keys',
      headers,
      payload: { ids: [keys[2]], enable: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await download(token)).statusCode).toBe(410);
  });

  it('an unknown token is not ready, and never downloads', async () => {
    const unknown = 'a'.repeat(64);
    expect((await ready(unknown)).json()).toEqual({ ready: false });
    expect((await download(unknown)).statusCode).toBe(404);
  });
});
