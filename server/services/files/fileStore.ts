import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { markStorageUnavailable } from '../../errors';
import type { S3Settings } from '../../settings/fileStorage';
import type { FileStore } from '../../ports/fileStore';

export type { FileStore } from '../../ports/fileStore';

const KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*(?:\.[a-z0-9]+)?$/;

export function isFileKey(key: string): boolean {
  return KEY.test(key) && key.length <= 300;
}

/** A fresh key under `folder` (e.g. templates/12) with the given extension. */
export function newFileKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  if (!isFileKey(key)) throw new Error(`not a valid file key: ${key}`);
  return key;
}

function checkedKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a valid file key: ${key}`);
  return key;
}

/** Files under `root` (config.dataDir/files), one file per key; writes go through a temporary file and a rename. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, target);
      } catch (error) {
        // a full disk (ENOSPC) leaves a partial temporary file: removed, so nothing half-written stays
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

/**
 * Files in an S3 bucket, one object per key. A missing object reads as null and deletes quietly, as on disk. The
 * AWS SDK (≈ 25 MB of memory once loaded) is loaded with the first file read or written (issue 16 point 5).
 */
export function s3FileStore(settings: S3Settings): FileStore & { close(): void } {
  type Sdk = typeof import('@aws-sdk/client-s3');
  let client: S3Client | null = null;
  let connecting: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then(
      (sdk) => {
        client = new sdk.S3Client({
          endpoint: settings.url,
          region: settings.region,
          forcePathStyle: settings.forcePathStyle,
          credentials:
            settings.accessKeyId && settings.secretAccessKey
              ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
              : undefined,
          // checksums on every request are new in the SDK and several S3-compatible stores refuse them
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        });
        return { sdk, client };
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    ));
  const objectKey = (key: string) => settings.prefix + checkedKey(key);
  /**
   * The store did not answer (refused, reset, timed out, no such host) or failed on its side (5xx, after the SDK's
   * own retries): marked, so the request is answered 503 with Retry-After rather than as our bug (server/app.ts).
   */
  const unavailable = (sdk: Sdk, error: unknown) => {
    const status = error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    return status === undefined || status >= 500 ? markStorageUnavailable(error) : error;
  };
  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client
        .send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: bytes }))
        .catch((error: unknown) => {
          throw unavailable(sdk, error);
        });
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw unavailable(sdk, error);
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client
        .send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
        .catch((error: unknown) => {
          throw unavailable(sdk, error);
        });
    },
    close() {
      client?.destroy();
    },
  };
}

/** The store the settings name: S3 when S3_URL is set, else the folder DATA_DIR/files. */
export function createFileStore(config: { dataDir: string; s3: S3Settings | null }): FileStore & { close(): void } {
  if (config.s3) return s3FileStore(config.s3);
  return { ...localFileStore(path.join(config.dataDir, 'files')), close() {} };
}
