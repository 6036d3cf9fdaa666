import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TemplatePreviews } from '../../ports/templatePreviews';

export type { TemplatePreviews } from '../../ports/templatePreviews';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the preview key is derived for: a key of its own, so a preview token can never pass for anything else. */
export const TEMPLATE_PREVIEW_PURPOSE = 'laurel:template-preview';

/**
 * When a token made at `now` expires: the end of the current UTC day plus a day. Every token of one day for one
 * template is the same text, so the thumbnail address stays cacheable all day, and it is valid 24 to 48 hours.
 */
export function previewExpiry(now: number): number {
  return (Math.floor(now / DAY_MS) + 2) * DAY_MS;
}

const message = (issuerId: number, templateId: number, expiresAt: number): string =>
  `template-preview:${issuerId}:${templateId}:${expiresAt}`;

const sign = (key: Uint8Array, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

/** Makes a token `{expiresAt}.{hmac}` that lets the issuer's staff see one unpublished template's page. */
export function makePreviewToken(key: Uint8Array, issuerId: number, templateId: number, now: number): string {
  const expiresAt = previewExpiry(now);
  return `${expiresAt}.${sign(key, message(issuerId, templateId, expiresAt))}`;
}

/** True only for an unexpired token made for exactly this issuer and template (constant-time compare). */
export function checkPreviewToken(
  key: Uint8Array,
  token: string,
  issuerId: number,
  templateId: number,
  now: number,
): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (!(expiresAt > now)) return false;
  const expected = Buffer.from(sign(key, message(issuerId, templateId, expiresAt)));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function templatePreviews(key: Uint8Array): TemplatePreviews {
  return {
    make: (issuerId, templateId, now = Date.now()) => makePreviewToken(key, issuerId, templateId, now),
    check: (token, issuerId, templateId, now = Date.now()) => checkPreviewToken(key, token, issuerId, templateId, now),
  };
}
