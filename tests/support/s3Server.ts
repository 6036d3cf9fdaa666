import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver 3.7 ships no types: the little of it used here is typed below
import S3rverModule from 's3rver';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as unknown as new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  /** S3_URL, S3_BUCKET… for loadConfig or a child process's environment */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server for the tests (s3rver from npm) on loopback, a free port and a temporary folder,
 * with one bucket. s3rver accepts the access key S3RVER / S3RVER and checks request signatures.
 */
export async function startLocalS3(bucket = 'laurel-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_URL: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
