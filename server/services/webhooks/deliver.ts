import http from 'node:http';
import https from 'node:https';
import type { Kysely } from 'kysely';
import type { NotificationMethod } from '../../../domain/notifications';
import type { Database } from '../../db/schema';
import { retryWhileDatabaseDown } from '../../db/databaseHealth';
import { insertWebhookDelivery } from '../../repositories/webhooks';
import {
  checkWebhookAddress,
  pinnedLookup,
  resolveHost,
  type CheckedAddress,
  type HostResolver,
} from './addressPolicy';
import type { WebhookSettings } from '../../settings/webhooks';
import { DELIVERY_ID_HEADER, signatureHeaders } from './signing';

export interface WebhookRequest {
  url: string;
  method: NotificationMethod;
  /** JSON text, or empty for no body */
  body: string;
  /** the issuer's signing secret: each attempt is signed with a fresh timestamp (signing.ts) */
  secret?: string;
  /**
   * The event's id, the same in every attempt and round (X-Laurel-Delivery-Id): a call that reached the receiver
   * but whose answer was lost (a time-out, a worker killed before it recorded the answer) is sent again, and the
   * receiver keeps the first of each id (docs/webhooks.md).
   */
  deliveryId?: string;
}

export interface DeliveryOutcome {
  /** the webhook answered 2xx */
  ok: boolean;
  status: number | null;
  error: string | null;
  /** worth another attempt: no answer, a time-out, 408, 429 or 5xx; never a refused address */
  retryable: boolean;
}

const USER_AGENT = 'Laurel-Webhook/1';

const failure = (error: string, retryable: boolean): DeliveryOutcome => ({ ok: false, status: null, error, retryable });

function answered(status: number): DeliveryOutcome {
  const ok = status >= 200 && status < 300;
  return {
    ok,
    status,
    error: ok ? null : `the webhook answered HTTP ${status}`,
    retryable: status >= 500 || status === 408 || status === 429,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The URL as recorded: without the user name and password it may carry. */
export function redactedUrl(rawUrl: string): string {
  try {
    const url = new URL(rawUrl);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return rawUrl;
  }
}

/** User names and passwords come percent-encoded in a URL; a stray % is kept as typed. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `remainingMs` is what is left of the time-out (`timeoutMs`) once the name is resolved. */
function send(
  target: CheckedAddress,
  request: WebhookRequest,
  { timeoutMs, remainingMs }: { timeoutMs: number; remainingMs: number },
): Promise<DeliveryOutcome> {
  return new Promise((resolve) => {
    const body = Buffer.from(request.body, 'utf8');
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: '*/*',
      ...(request.secret ? signatureHeaders(request.secret, request.body) : {}),
      ...(request.deliveryId ? { [DELIVERY_ID_HEADER]: request.deliveryId } : {}),
    };
    if (body.length > 0) {
      headers['content-type'] = 'application/json; charset=utf-8';
      headers['content-length'] = String(body.length);
    }
    const { url } = target;
    const credentials = url.username ? `${decoded(url.username)}:${decoded(url.password)}` : undefined;
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const call = client.request(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        auth: credentials,
        // a fresh connection each time, to the checked address; redirects are never followed (node does not)
        agent: false,
        lookup: pinnedLookup(target),
      },
      (response) => {
        finish(answered(response.statusCode ?? 0));
        // the answer's body is not used: read it away so the connection ends normally
        response.resume();
      },
    );
    const deadline = setTimeout(() => {
      finish(failure(`no answer within ${timeoutMs} ms`, true));
      call.destroy();
    }, remainingMs);
    call.on('close', () => clearTimeout(deadline));
    call.on('error', (error) => finish(failure(messageOf(error), true)));
    call.end(body);
  });
}

function withinDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * One call to a webhook: the address policy first (a refusal never opens a connection), then the request,
 * bounded by the settings' time-out from name resolution to the answer's headers.
 */
export async function deliver(
  request: WebhookRequest,
  settings: WebhookSettings,
  resolve: HostResolver = resolveHost,
): Promise<DeliveryOutcome> {
  const started = Date.now();
  let decision;
  try {
    decision = await withinDeadline(
      checkWebhookAddress(request.url, settings.allowedHosts, resolve),
      settings.timeoutMs,
    );
  } catch (error) {
    return failure(`the host could not be resolved: ${messageOf(error)}`, true);
  }
  if (!decision.allowed) return failure(`refused: ${decision.reason}`, false);
  const remainingMs = Math.max(1, settings.timeoutMs - (Date.now() - started));
  return send(decision, request, { timeoutMs: settings.timeoutMs, remainingMs });
}

export interface RetryOptions {
  /** 3 by default */
  attempts?: number;
  /** the wait after the first failed attempt, doubled after each further one; 1000 ms by default */
  backoffMs?: number;
  /** the number the first attempt is recorded with (a later round of a delivery goes on counting) */
  firstAttempt?: number;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls a webhook until it answers 2xx, a failure is not worth retrying, or the attempts are spent, recording
 * each attempt in webhook_deliveries. Answers the last attempt's outcome.
 */
export async function deliverWithRetries(
  db: Kysely<Database>,
  target: { issuerId: number; campaignId: number | null },
  request: WebhookRequest,
  settings: WebhookSettings,
  { attempts = DEFAULT_ATTEMPTS, backoffMs = DEFAULT_BACKOFF_MS, firstAttempt = 1 }: RetryOptions = {},
): Promise<DeliveryOutcome & { attempts: number }> {
  const last = firstAttempt + attempts - 1;
  for (let attempt = firstAttempt; ; attempt += 1) {
    const outcome = await deliver(request, settings);
    // the webhook was called: its record waits out a database restart (a failed job would call it again)
    await retryWhileDatabaseDown(() =>
      insertWebhookDelivery(db, {
        issuerId: target.issuerId,
        campaignId: target.campaignId,
        url: redactedUrl(request.url),
        method: request.method,
        attempt,
        statusCode: outcome.status,
        error: outcome.error,
      }),
    );
    if (outcome.ok || !outcome.retryable || attempt >= last) return { ...outcome, attempts: attempt };
    await sleep(backoffMs * 2 ** (attempt - firstAttempt));
  }
}
