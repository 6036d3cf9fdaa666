/**
 * The issuer's notification webhook (spec 000 sections 2.9, 3 and 5): a request sent after each publication,
 * with the placeholder ${campaignId} replaced in its URL and its content.
 */
export const NOTIFICATION_METHODS = ['POST', 'GET'] as const;

export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];

export interface NotificationConfig {
  /** http(s) address; empty means no webhook */
  url: string;
  method: NotificationMethod;
  /** JSON sent as the body of a POST; empty for no body */
  content: string;
}

export const CAMPAIGN_ID_PLACEHOLDER = '${campaignId}';

export const NOTIFICATION_URL_MAX_LENGTH = 2048;
export const NOTIFICATION_CONTENT_MAX_LENGTH = 10_000;

export type NotificationUrlError = 'invalid_url' | 'unsupported_protocol' | 'too_long';
export type NotificationContentError = 'invalid_json' | 'only_for_post' | 'too_long';

/** One error per field that has one; an empty object means the config is valid. */
export interface NotificationErrors {
  method?: 'unknown_method';
  url?: NotificationUrlError;
  content?: NotificationContentError;
}

export function isNotificationMethod(value: unknown): value is NotificationMethod {
  return (NOTIFICATION_METHODS as readonly unknown[]).includes(value);
}

/** Campaign ids are positive integers: rendering with this one checks the URL a real campaign produces. */
const SAMPLE_CAMPAIGN_ID = 1;

function urlError(url: string): NotificationUrlError | undefined {
  if (url === '') return undefined;
  if (url.length > NOTIFICATION_URL_MAX_LENGTH) return 'too_long';
  let parsed: URL;
  try {
    parsed = new URL(renderUrl(url, SAMPLE_CAMPAIGN_ID));
  } catch {
    return 'invalid_url';
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? undefined : 'unsupported_protocol';
}

function contentError(content: string, method: NotificationMethod): NotificationContentError | undefined {
  if (content.trim() === '') return undefined;
  if (content.length > NOTIFICATION_CONTENT_MAX_LENGTH) return 'too_long';
  if (method !== 'POST') return 'only_for_post';
  try {
    JSON.parse(content);
  } catch {
    return 'invalid_json';
  }
  return undefined;
}

/**
 * The rules of spec 000 section 5: the URL parses as an http(s) URL (empty allowed: no webhook); the content
 * is valid JSON (empty allowed) and only sent with POST. The placeholder can only appear inside JSON strings,
 * where rendering keeps the content valid.
 */
export function validateNotificationConfig(config: NotificationConfig): NotificationErrors {
  const errors: NotificationErrors = {};
  if (!isNotificationMethod(config.method)) errors.method = 'unknown_method';
  const url = urlError(config.url.trim());
  if (url) errors.url = url;
  const content = contentError(config.content, config.method);
  if (content) errors.content = content;
  return errors;
}

export function isValidNotificationConfig(config: NotificationConfig): boolean {
  return Object.keys(validateNotificationConfig(config)).length === 0;
}

function renderUrl(url: string, campaignId: number | string): string {
  return url.replaceAll(CAMPAIGN_ID_PLACEHOLDER, encodeURIComponent(String(campaignId)));
}

/** The text of a JSON string holding the id, without its quotes: safe to put inside any JSON string. */
function jsonStringText(campaignId: number | string): string {
  return JSON.stringify(String(campaignId)).slice(1, -1);
}

/** The request a campaign's publication sends: the placeholder replaced, URL-encoded in the URL. */
export function renderNotification(
  config: NotificationConfig,
  campaignId: number | string,
): { url: string; method: NotificationMethod; body: string } {
  return {
    url: renderUrl(config.url.trim(), campaignId),
    method: config.method,
    body:
      config.method === 'POST' && config.content.trim() !== ''
        ? config.content.replaceAll(CAMPAIGN_ID_PLACEHOLDER, jsonStringText(campaignId))
        : '',
  };
}

/** A stored config read back from the issuer's params, or null when absent or not of this shape. */
export function parseNotificationConfig(value: unknown): NotificationConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, method, content } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !isNotificationMethod(method)) return null;
  return { url, method, content: typeof content === 'string' ? content : '' };
}
