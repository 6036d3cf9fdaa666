import { createHash, randomBytes } from 'node:crypto';

/** A sign-in link carries 32 random bytes; only their SHA-256 is stored, so a database leak opens no session. */
export function newLoginSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLoginSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function isLoginSecretFormat(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
