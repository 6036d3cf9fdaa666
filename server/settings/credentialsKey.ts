import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CREDENTIALS_KEY_BYTES = 32;

/** A 32-byte key written as 64 hexadecimal digits or as base64 / base64url (43 or 44 characters). */
export function parseCredentialsKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === CREDENTIALS_KEY_BYTES) return bytes;
  }
  throw new Error('the credentials key must be 32 bytes written as 64 hexadecimal digits or in base64');
}

/** Where the generated credentials key lives when CREDENTIALS_KEY is empty. */
export const CREDENTIALS_KEY_FILE = 'credentials.key';

/**
 * The 32-byte key that encrypts the issuers' signing keys: CREDENTIALS_KEY when set, otherwise the one in
 * `<dataDir>/credentials.key`, generated (mode 0600) the first time. It is never kept in the database it
 * protects (docs/decisions.md). An existing file that does not hold a key is an error, never overwritten: the
 * keys it encrypted would be lost.
 */
export function loadCredentialsKey(configured: string | null, dataDir: string): Buffer {
  if (configured) {
    try {
      return parseCredentialsKey(configured);
    } catch (error) {
      throw new Error(`CREDENTIALS_KEY: ${(error as Error).message}`);
    }
  }
  const file = path.join(dataDir, CREDENTIALS_KEY_FILE);
  const read = () => {
    try {
      return parseCredentialsKey(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two servers starting together on one data folder never overwrite each other's key
    fs.writeFileSync(file, `${randomBytes(CREDENTIALS_KEY_BYTES).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const created = read();
  if (!created) throw new Error(`${file} could not be created`);
  return created;
}
