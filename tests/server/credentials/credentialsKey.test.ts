import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { CREDENTIALS_KEY_FILE } from '../../../server/settings/credentialsKey';

// Files only: no database, so this file does not run per database.

describe('the credentials key (CREDENTIALS_KEY)', () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-key-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is read from the environment in hex, base64 or base64url, and nothing is written', () => {
    const key = randomBytes(32);
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      const folder = dataDir();
      expect(loadConfig({ DATA_DIR: folder, CREDENTIALS_KEY: written }).credentialsKey).toEqual(key);
      expect(fs.existsSync(path.join(folder, CREDENTIALS_KEY_FILE))).toBe(false);
    }
  });

  it('refuses a key that is not 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CREDENTIALS_KEY: 'secret' })).toThrow(/CREDENTIALS_KEY.*32 bytes/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CREDENTIALS_KEY: randomBytes(16).toString('hex') })).toThrow(
      /CREDENTIALS_KEY/,
    );
  });

  it('when empty, is generated once into the data folder (mode 0600) and read back on the next start', () => {
    const folder = path.join(dataDir(), 'not-yet-made');
    const first = loadConfig({ DATA_DIR: folder, CREDENTIALS_KEY: '' }).credentialsKey;
    expect(first).toHaveLength(32);
    const file = path.join(folder, CREDENTIALS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: folder }).credentialsKey).toEqual(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).credentialsKey).not.toEqual(first);
  });

  it('stops on a key file that holds no key instead of replacing it', () => {
    const folder = dataDir();
    const file = path.join(folder, CREDENTIALS_KEY_FILE);
    fs.writeFileSync(file, 'damaged\n');
    expect(() => loadConfig({ DATA_DIR: folder })).toThrow(/credentials\.key/);
    expect(fs.readFileSync(file, 'utf8')).toBe('damaged\n');
  });
});
