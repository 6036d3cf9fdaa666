/**
 * What recipients did with their credentials (issue 31): the kinds of activity counted per certificate, which
 * visitors are machines (never counted as views or downloads), and the once-a-day rule for the same visitor.
 *
 * Nothing here stores anything about a visitor: the once-a-day rule keeps, in memory only, a hash of
 * (salt, day, address, browser, certificate, kind) whose salt is drawn at random each day and never written down,
 * so yesterday's hashes cannot be recomputed, and the whole set is dropped when the day changes.
 */

/** What is counted: the public page, the PDF, the baked badge image, the LinkedIn button, a third party's check. */
export const ACTIVITY_KINDS = ['view', 'pdf', 'image', 'linkedin', 'verification'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The downloads the report and dashboard add up: the PDF and the badge image. */
export const DOWNLOAD_KINDS: readonly ActivityKind[] = ['pdf', 'image'];

/** A certificate's counters and when it was first and last seen, by kind. */
export interface ActivityCounter {
  count: number;
  firstAt: string;
  lastAt: string;
}
export type CertificateActivity = Partial<Record<ActivityKind, ActivityCounter>>;

/** The report's activity filter values: 1 the page was viewed, 0 never viewed; both (the default) is no filter. */
export const VIEWED_FILTER = { neverViewed: 0, viewed: 1 } as const;
export const DEFAULT_VIEWED_FILTER: readonly number[] = [VIEWED_FILTER.viewed, VIEWED_FILTER.neverViewed];

/**
 * Agents that fetch links without a person reading them: search engines, the link previews of chats and social
 * networks, mail scanners that open every link of a mail before (or instead of) the recipient, and command-line
 * or library clients. Matched case-insensitively anywhere in the User-Agent.
 */
export const AUTOMATED_AGENTS: readonly RegExp[] = [
  /bot\b|bot\//i, // Googlebot, bingbot, LinkedInBot, Twitterbot, Slackbot, Discordbot, Applebot, …
  /crawler|spider|crawling|slurp/i,
  /facebookexternalhit|facebookcatalog|meta-externalagent/i,
  /slack-imgproxy|slackbot/i,
  /whatsapp|telegrambot|skypeuripreview|viber/i,
  /embedly|quora link preview|pinterest|redditbot|vkshare|iframely|outbrain/i,
  /bingpreview|microsoft office|ms-office|msoffice|outlook-ios|microsoft-webdav|ms search/i,
  /proofpoint|urldefense|mimecast|barracuda|safelinks|symantec|messagelabs|trendmicro|forcepoint|fireeye|sophos/i,
  /go-http-client|python-requests|python-urllib|aiohttp|httpx|curl\/|wget|libwww|java\/|okhttp|axios|node-fetch|undici|postman|insomnia/i,
  /headlesschrome|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptimerobot|statuscake|site24x7/i,
  /preview|prefetch|scanner|validator|checker/i,
];

type HeaderValue = string | readonly string[] | undefined;
function headerText(value: HeaderValue): string {
  return (Array.isArray(value) ? value.join(',') : ((value as string | undefined) ?? '')).trim();
}

/**
 * Whether a request comes from a machine rather than a person (issue 31): a known crawler, link previewer,
 * mail scanner or HTTP library by its User-Agent, no User-Agent at all, a HEAD request (link checkers ask
 * only whether the link works), or a prefetch (`Purpose: prefetch`, `Sec-Purpose: prefetch`, `X-Moz: prefetch`:
 * the browser loads a page the person may never open).
 */
export function isAutomatedVisitor(
  userAgent: string | undefined,
  headers: Readonly<Record<string, HeaderValue>> = {},
  method = 'GET',
): boolean {
  if (method.toUpperCase() === 'HEAD') return true;
  for (const name of ['purpose', 'sec-purpose', 'x-purpose', 'x-moz']) {
    if (/prefetch|preview|prerender/i.test(headerText(headers[name]))) return true;
  }
  const agent = (userAgent ?? '').trim();
  if (agent === '') return true;
  return AUTOMATED_AGENTS.some((pattern) => pattern.test(agent));
}

/** One counted event's visitor, as far as the once-a-day rule sees it. */
export interface Visit {
  ip: string;
  userAgent: string;
  certificate: string;
  kind: ActivityKind;
}

/**
 * The once-a-day rule: `firstToday` says whether this visitor's event on this certificate is the first of the
 * day. It keeps hashes of (salt, day, visit) — never the address or the browser themselves — with a salt that
 * changes with the day, and forgets everything when the day changes. Bounded: past `maxEntries` it forgets the
 * oldest (a visitor then may count twice that day; never the opposite). The hash and the salt are given, so the
 * rule stays pure (the server gives SHA-256 and random bytes).
 */
export class DailyVisitors {
  private day = '';
  private salt = '';
  private readonly seen = new Set<string>();

  constructor(
    private readonly hash: (text: string) => string,
    private readonly newSalt: () => string,
    private readonly maxEntries = 100_000,
  ) {}

  /** Whether `visit` is new on `day` (YYYY-MM-DD); records it. */
  firstToday(day: string, visit: Visit): boolean {
    if (day !== this.day) {
      this.day = day;
      this.salt = this.newSalt();
      this.seen.clear();
    }
    const digest = this.hash([this.salt, day, visit.ip, visit.userAgent, visit.certificate, visit.kind].join('\u0000'));
    if (this.seen.has(digest)) return false;
    if (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.values().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    this.seen.add(digest);
    return true;
  }

  /** How many visits are remembered (for tests). */
  get size(): number {
    return this.seen.size;
  }
}

/** What a report row says of a certificate's activity (issue 31): its columns, its export's cells. */
export interface ActivityColumns {
  /** people's views of the public page (once per visitor and day) */
  Views: number;
  FirstView: string | null;
  LastView: string | null;
  /** PDF and badge image downloads */
  Downloads: number;
  LinkedInClicks: number;
  Verifications: number;
}

export function activityColumns(activity: CertificateActivity): ActivityColumns {
  const count = (kind: ActivityKind) => activity[kind]?.count ?? 0;
  return {
    Views: count('view'),
    FirstView: activity.view?.firstAt ?? null,
    LastView: activity.view?.lastAt ?? null,
    Downloads: DOWNLOAD_KINDS.reduce((sum, kind) => sum + count(kind), 0),
    LinkedInClicks: count('linkedin'),
    Verifications: count('verification'),
  };
}
