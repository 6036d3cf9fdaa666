import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (logos, images, archives). Keys are chosen by the server, never taken from a
 * user's file name: slash-separated lowercase segments, the last one with an extension. The local-disk store
 * is the embedded default; an object-storage store can implement the same three calls.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** the stored bytes, or null when there is no such file */
  get(key: string): Promise<Buffer | null>;
  /** removes the file; removing a missing file is not an error */
  delete(key: string): Promise<void>;
}

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
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
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
