import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/webhooks.md): every delivery carries `X-Laurel-Timestamp` (Unix seconds) and
 * `X-Laurel-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with the issuer's secret, as Stripe
 * does, so a receiver can tell the call is ours, unaltered and recent (the timestamp is inside the signature).
 */
export const TIMESTAMP_HEADER = 'x-laurel-timestamp';
export const SIGNATURE_HEADER = 'x-laurel-signature';
/** The event's id, the same in every attempt of one event: receivers drop a second call of an id they have. */
export const DELIVERY_ID_HEADER = 'x-laurel-delivery-id';

/** A campaign's events: one id per campaign and kind, whatever the process, round or attempt that sends it. */
export function campaignDeliveryId(campaignId: number, event: 'published' | 'replaced' | 'renewed'): string {
  return `campaign-${campaignId}-${event}`;
}
/** How old a signed call a receiver should accept, in seconds (what our docs and verifier use). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

export function signatureHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body) };
}

/** What a receiver does: the signature matches this body and timestamp, and the timestamp is recent. */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || !headers.signature) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
