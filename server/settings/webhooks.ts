/** How the server calls webhooks, read from the environment (documented in docs/webhooks.md). */
export interface WebhookSettings {
  /** host names and addresses that may be called even though they are loopback, link-local or private */
  allowedHosts: string[];
  /** the longest a call may take, from connecting to the end of the answer */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

/** Host names compare in lower case without a final dot; IPv6 literals without their brackets. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** WEBHOOK_ALLOWED_HOSTS (a comma list) and WEBHOOK_TIMEOUT_MS (milliseconds, 5000 by default). */
export function webhookSettings(env: Record<string, string | undefined> = process.env): WebhookSettings {
  const allowedHosts = (env.WEBHOOK_ALLOWED_HOSTS ?? '').split(',').map(normalizeHost).filter(Boolean);
  const rawTimeout = env.WEBHOOK_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_WEBHOOK_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`WEBHOOK_TIMEOUT_MS must be a positive integer, not "${rawTimeout}"`);
  }
  return { allowedHosts, timeoutMs };
}
