import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostileArchives } from '../fixtures/hostile/corpus';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { multipartForm } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** Every file under a folder, relative to it (the server's stored files). */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Issue 17, points 15 and 16.3: the publication's archive of the rows' files is bounded from its zip directory as
 * a spreadsheet is (entries, unpacked bytes, ratio, ZIP64, encrypted entries), before anything is inflated; each
 * hostile archive of the corpus is refused with its code, quickly, and leaves no campaign, certificate or file.
 */
describe.each(TEST_DATABASES)('hostile publication archives on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
    await t.app.laurel.db
      .updateTable('templates')
      .set({ file_fields: 'transcript' })
      .where('id', '=', templateId)
      .execute();
  });
  afterEach(async () => t.close());

  const count = async (table: 'campaigns' | 'certificates') =>
    Number(
      (
        await t.app.laurel.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = () => [{ ...recipientRows(1)[0], transcript: 'ada.pdf' }];

  it('refuses every hostile archive with its code, and writes nothing', async () => {
    const corpus = hostileArchives();
    expect(corpus.length).toBeGreaterThanOrEqual(12);
    const filesBefore = filesUnder(t.config.dataDir);
    for (const file of corpus) {
      const label = `${file.name} (${file.why})`;
      const answer = await publishRows(t.app, headers, templateId, rows(), { archive: Buffer.from(file.bytes) });
      expect.soft(answer.statusCode, label).toBe(400);
      const body = answer.json<{ code: string; error: string; errors?: { code: string }[] }>();
      expect.soft(body, label).toMatchObject({ code: 'ERR_PUBLICATION_ERROR', error: 'Invalid input file' });
      expect.soft(body.errors?.[0]?.code, label).toBe(file.expected);
    }
    expect(await count('campaigns')).toBe(0);
    expect(await count('certificates')).toBe(0);
    // the SQLite database's own files may grow; nothing else appears under the data folder
    const isDatabase = (name: string) => /\.(db|sqlite)(-wal|-shm|-journal)?$/.test(name);
    expect(filesUnder(t.config.dataDir).filter((name) => !isDatabase(name))).toEqual(
      filesBefore.filter((name) => !isDatabase(name)),
    );
    // 16 publishes: past the 20 s default on a loaded machine, the app was closed under the request in flight
  }, 120_000);

  it('still takes an ordinary archive with the listed file', async () => {
    const zip = new JSZip();
    zip.file('docs/ada.pdf', '%PDF-1.4');
    const archive = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const answer = await publishRows(t.app, headers, templateId, rows(), { archive });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});

/**
 * A publish the app closes under (a server stopping past its drain limit; what the corpus test above met when it
 * outlived its time limit under load and its app was closed by afterEach): the request, already past the guard,
 * finds the database closed. It answers 503 SERVER_STOPPING with Retry-After, never 500. The body is held back
 * until the handler reads it, then the app is closed, then the body is let through: the same order on any machine.
 */
describe.each(TEST_DATABASES)('a publish the app closes under on %s', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  // the app is closed by the test already (a second close is a no-op); the database and the folder go here
  afterEach(async () => t.close());

  it('answers 503 SERVER_STOPPING with Retry-After, not 500', async () => {
    const { headers } = await signInAdmin(t.app);
    const templateId = await createBadgeTemplate(t.app, headers);
    await t.app.laurel.db
      .updateTable('templates')
      .set({ file_fields: 'transcript' })
      .where('id', '=', templateId)
      .execute();
    const zip64 = hostileArchives().find((file) => file.name === 'archive-zip64-size.zip');
    expect(zip64).toBeDefined();
    const form = multipartForm([
      {
        name: 'body',
        value: JSON.stringify({
          templateId,
          data: [{ ...recipientRows(1)[0], transcript: 'ada.pdf' }],
          contentType: 'json',
          duplicateBehavior: 'allow',
        }),
      },
      { name: 'file', value: Buffer.from(zip64!.bytes), filename: 'files.zip', contentType: 'application/zip' },
    ]);
    let reading!: () => void;
    const handlerReads = new Promise<void>((resolve) => (reading = resolve));
    const payload = new Readable({
      read() {
        // the first read comes from the handler (the multipart parts), after the guard's own queries
        reading();
      },
    });
    const closeUnderIt = async () => {
      await handlerReads;
      await t.app.close();
      payload.push(form.payload);
      payload.push(null);
    };
    const [response] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/admin/data', headers: { ...headers, ...form.headers }, payload }),
      closeUnderIt(),
    ]);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json<{ code: string }>().code).toBe('SERVER_STOPPING');
    expect(response.headers['retry-after']).toBeDefined();
  });
});
