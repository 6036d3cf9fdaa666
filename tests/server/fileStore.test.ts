import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Settings } from '../../server/config';
import { localFileStore, newFileKey, s3FileStore, type FileStore } from '../../server/services/files/fileStore';
import { startLocalS3, type LocalS3 } from '../support/s3Server';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

/** The same contract for every store: what put stores, get returns; a missing key is null; delete is quiet. */
describe.each(['local folder', 'S3 (s3rver)'])('the file store on %s', (kind) => {
  let store: FileStore;
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-files-'));
    store = kind === 'local folder' ? localFileStore(folder) : s3FileStore(s3Settings(s3.env)!);
  });
  afterAll(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('returns the bytes it stored, byte for byte, and replaces them on a second put', async () => {
    const key = newFileKey('templates/7', 'png');
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    await store.put(key, bytes);
    expect(Buffer.compare((await store.get(key))!, bytes)).toBe(0);
    await store.put(key, Buffer.from('second'));
    expect((await store.get(key))?.toString()).toBe('second');
  });

  it('answers null for a key never stored and after a delete; deleting twice is not an error', async () => {
    const key = newFileKey('documents/abc', 'pdf');
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('%PDF-1.7'));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('keeps keys apart: two keys in one folder are two files', async () => {
    const [a, b] = [newFileKey('verification/1', 'svg'), newFileKey('verification/1', 'svg')];
    await Promise.all([store.put(a, Buffer.from('a')), store.put(b, Buffer.from('b'))]);
    expect([(await store.get(a))?.toString(), (await store.get(b))?.toString()]).toEqual(['a', 'b']);
  });

  it('refuses keys that are not the server’s own (paths, upper case, dots)', async () => {
    for (const key of ['../etc/passwd', 'templates/../x.png', 'Templates/1/a.png', '/abs/a.png']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/not a valid file key/);
      await expect(store.get(key)).rejects.toThrow(/not a valid file key/);
    }
  });
});

describe('the S3 settings', () => {
  it('go together and are checked at start', () => {
    expect(s3Settings({})).toBeNull();
    expect(() => s3Settings({ S3_URL: 'http://127.0.0.1:9000' })).toThrow(/S3_URL and S3_BUCKET go together/);
    expect(() => s3Settings({ S3_URL: 'ftp://x', S3_BUCKET: 'b' })).toThrow(/http\(s\) address/);
    expect(() => s3Settings({ S3_URL: 'http://x', S3_BUCKET: 'b', S3_PREFIX: '../' })).toThrow(/S3_PREFIX/);
    expect(s3Settings({ S3_URL: 'https://s3.example', S3_BUCKET: 'b', S3_PATH_STYLE: 'false' })).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
  });
});

describe.each(TEST_DATABASES)('files through the API with S3 on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { ...s3.env, S3_PREFIX: `api-${database}/` });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an uploaded logo in the bucket, not in DATA_DIR, and serves it back', async () => {
    const { headers, issuerId } = await signInAdmin(t.app);
    const created = await postForm(t.app, headers, badgePayload(), [svgLogo()]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/template?id=${id}`, headers });
    const logo = detail.json<{ content: { en: { badge_logo: string } } }>().content.en.badge_logo;
    expect(logo).toMatch(new RegExp(`^templates/${issuerId}/[0-9a-f-]{36}\\.svg$`));

    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
    const inBucket = await s3FileStore({ ...s3Settings(s3.env)!, prefix: `api-${database}/` }).get(logo);
    expect(inBucket?.toString()).toContain('<rect width="10" height="10"/></svg>');

    const image = await t.app.inject({ method: 'GET', url: `/api/template/image/${logo.slice('templates/'.length)}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.rawPayload.toString('utf8')).toContain('<rect width="10" height="10"/></svg>');
  });
});
