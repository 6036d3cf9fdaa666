import { describe, expect, it } from 'vitest';
import {
  checkPreviewToken,
  makePreviewToken,
  previewExpiry,
  templatePreviews,
} from '../../server/services/templates/previewToken';

const key = new TextEncoder().encode('test-key');
const day = 24 * 60 * 60 * 1000;
// 2027-01-15 00:00:00 UTC
const midnight = Date.UTC(2027, 0, 15);
const now = midnight + 9 * 60 * 60 * 1000;

describe('template preview token', () => {
  const token = makePreviewToken(key, 3, 7, now);

  it('expires at the end of the next UTC day, the same for every moment of a day', () => {
    expect(previewExpiry(midnight)).toBe(midnight + 2 * day);
    expect(previewExpiry(now)).toBe(midnight + 2 * day);
    expect(previewExpiry(midnight + day - 1)).toBe(midnight + 2 * day);
    expect(previewExpiry(midnight + day)).toBe(midnight + 3 * day);
    expect(makePreviewToken(key, 3, 7, midnight)).toBe(token);
    expect(makePreviewToken(key, 3, 7, midnight + day - 1)).toBe(token);
    expect(makePreviewToken(key, 3, 7, midnight + day)).not.toBe(token);
    expect(token.startsWith(`${midnight + 2 * day}.`)).toBe(true);
  });

  it('accepts the token for its issuer and template until it expires', () => {
    expect(checkPreviewToken(key, token, 3, 7, now)).toBe(true);
    expect(checkPreviewToken(key, token, 3, 7, midnight + 2 * day - 1)).toBe(true);
  });

  it('refuses another template or another issuer', () => {
    expect(checkPreviewToken(key, token, 3, 8, now)).toBe(false);
    expect(checkPreviewToken(key, token, 4, 7, now)).toBe(false);
    expect(checkPreviewToken(key, makePreviewToken(key, 37, 1, now), 3, 71, now)).toBe(false);
  });

  it('refuses an expired token', () => {
    expect(checkPreviewToken(key, token, 3, 7, midnight + 2 * day)).toBe(false);
  });

  it('refuses a tampered token, another key and garbage', () => {
    const [expiresAt, mac] = token.split('.');
    expect(checkPreviewToken(key, `${Number(expiresAt) + day}.${mac}`, 3, 7, now)).toBe(false);
    const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    expect(checkPreviewToken(key, `${expiresAt}.${flipped}`, 3, 7, now)).toBe(false);
    expect(checkPreviewToken(new TextEncoder().encode('other'), token, 3, 7, now)).toBe(false);
    expect(checkPreviewToken(key, 'nonsense', 3, 7, now)).toBe(false);
    expect(checkPreviewToken(key, `${token}x`, 3, 7, now)).toBe(false);
    expect(checkPreviewToken(key, '', 3, 7, now)).toBe(false);
  });

  it('binds the key: templatePreviews makes and checks with it', () => {
    const previews = templatePreviews(key);
    expect(previews.make(3, 7, now)).toBe(token);
    expect(previews.check(token, 3, 7, now)).toBe(true);
    expect(templatePreviews(new TextEncoder().encode('other')).check(token, 3, 7, now)).toBe(false);
  });
});
