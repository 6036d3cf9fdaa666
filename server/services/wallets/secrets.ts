import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** The stored form of every wallet secret (codes, tokens, nonces): SHA-256, base64url. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** A random secret of 32 bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A transaction code of `length` digits, drawn uniformly. */
export function newTxCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/** The stored form of a transaction code: bound to its offer's code hash, so equal codes hash apart. */
export function hashTxCode(codeHash: string, txCode: string): string {
  return hashSecret(`${codeHash}:${txCode}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * c_nonces without a table: `<issuer>.<expiry seconds>.<random>.<HMAC>` under a key derived from the credentials
 * key. The nonce endpoint is unauthenticated (OID4VCI 1.0), so a nonce is bound to its credential issuer and time
 * only; a proof is used once because the offer it claims is claimed once.
 */
export class NonceService {
  private readonly key: Buffer;

  constructor(credentialsKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', credentialsKey, Buffer.alloc(0), 'laurel:oid4vci:c_nonce', 32));
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body, 'utf8').digest('base64url');
  }

  issue(issuerId: number, ttlSeconds: number, now = new Date()): { nonce: string; expiresIn: number } {
    const body = `${issuerId}.${Math.floor(now.getTime() / 1000) + ttlSeconds}.${randomBytes(16).toString('base64url')}`;
    return { nonce: `${body}.${this.mac(body)}`, expiresIn: ttlSeconds };
  }

  /** Whether `nonce` was made here for `issuerId` and is not expired. */
  check(nonce: unknown, issuerId: number, now = new Date()): boolean {
    if (typeof nonce !== 'string' || nonce.length > 200) return false;
    const parts = nonce.split('.');
    if (parts.length !== 4) return false;
    const body = parts.slice(0, 3).join('.');
    if (!sameHash(this.mac(body), parts[3])) return false;
    return Number(parts[0]) === issuerId && Number(parts[1]) * 1000 > now.getTime();
  }
}
