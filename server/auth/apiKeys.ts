import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../domain/apiKeys';
import type { SessionTokens } from './sessionTokens';

const PURPOSE = 'api-key';

/**
 * An API key: our prefix and a token signed by us (so a made-up key is refused without a database look-up).
 * The server keeps only its SHA-256 and finds the key's row by it.
 */
export async function newApiKey(tokens: SessionTokens, issuerId: number): Promise<string> {
  const jwt = await tokens.signPurpose(PURPOSE, null, { iid: issuerId, nonce: randomBytes(16).toString('base64url') });
  return API_KEY_PREFIX + jwt;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function isApiKeyFormat(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The key's issuer when its signature holds, else null. */
export async function apiKeyIssuer(tokens: SessionTokens, key: string): Promise<number | null> {
  const claims = await tokens.verifyPurpose(key.slice(API_KEY_PREFIX.length), PURPOSE);
  return claims && typeof claims.iid === 'number' ? claims.iid : null;
}
