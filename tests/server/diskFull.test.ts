import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/i18n';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, type TestApp } from './testApp';

/**
 * DATA_DIR on a small tmpfs (mount needs root: CI and this machine run as root; elsewhere the test is skipped with
 * the reason) that a test fills up: a template's image upload (the file store) and a publish (the SQLite database
 * lives in DATA_DIR) answer 507 ERR_STORAGE_FULL in the caller's language, and nothing is half-written.
 */
describe('DATA_DIR full (tmpfs) on sqlite', () => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-full-'));
  let mounted = false;
  let refusal = '';
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], { stdio: 'pipe' });
      mounted = true;
    } catch (error) {
      refusal = `mount -t tmpfs was refused (${(error as Error).message.split('\n')[0]}): needs root`;
      return;
    }
    t = await createTestApp('sqlite', { DATA_DIR: mountPoint, LAUREL_INITIAL_CREDITS: '100000' });
    ({ headers, issuerId } = await signInAdmin(t.app));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (mounted) execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Writes a file until the disk refuses: the folder is full to the last block. */
  function fillDisk() {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const fd = fs.openSync(filler, 'a');
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    // and the last partial block
    try {
      fs.appendFileSync(filler, Buffer.alloc(4096, 1));
    } catch {
      // already full
    }
  }

  const leftovers = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'))
      : [];

  const counts = async () => {
    const db = t.app.laurel.db;
    const count = async (table: 'templates' | 'campaigns' | 'certificates' | 'credit_operations') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const issuer = await db
      .selectFrom('issuers')
      .select('credits')
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
    return {
      templates: await count('templates'),
      campaigns: await count('campaigns'),
      certificates: await count('certificates'),
      creditOperations: await count('credit_operations'),
      credits: issuer.credits,
    };
  };

  it('answers 507 ERR_STORAGE_FULL in the caller language to an upload and a publish, keeps nothing, then works again', async (context) => {
    if (!mounted) context.skip(refusal);
    const templateId = await createBadgeTemplate(t.app, headers);
    const before = await counts();
    fillDisk();

    const upload = await postForm(t.app, { ...headers, 'accept-language': 'fr-FR,fr;q=0.9' }, badgePayload(), [
      svgLogo(),
    ]);
    expect(upload.statusCode, upload.body).toBe(507);
    expect(upload.json()).toEqual({ code: 'ERR_STORAGE_FULL', message: translate('fr', 'serverErrors.storageFull') });
    expect(leftovers(path.join(mountPoint, 'files'))).toEqual([]);

    const published = await publishRows(
      t.app,
      { ...headers, 'accept-language': 'es' },
      templateId,
      recipientRows(3000),
    );
    expect(published.statusCode, published.body).toBe(507);
    expect(published.json()).toEqual({
      code: 'ERR_STORAGE_FULL',
      message: translate('es', 'serverErrors.storageFull'),
    });
    // no template, campaign, certificate or credit operation was committed, no credit spent
    expect(await counts()).toEqual(before);

    fs.rmSync(filler);
    const again = await postForm(t.app, headers, badgePayload(), [svgLogo()]);
    expect(again.statusCode, again.body).toBe(201);
    const republished = await publishRows(t.app, headers, templateId, recipientRows(3000));
    expect(republished.statusCode, republished.body).toBe(200);
    const after = await counts();
    expect(after).toMatchObject({
      templates: before.templates + 1,
      campaigns: before.campaigns + 1,
      certificates: before.certificates + 3000,
      credits: before.credits - 3000,
    });
  }, 120_000);
});
