/**
 * When a certificate's message is tried again after a failure, and which failures are worth it (issue 17,
 * point 5). Pure: the job handler (mailRetry.ts) reads the attempts and the next time from mail_deliveries.
 */

/** Temporary failures are tried again for this long after the first one (or after a resend). */
export const MAIL_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait after the first failed attempt, doubled after each further one… */
export const MAIL_FIRST_RETRY_DELAY_MS = 60 * 1000;
/** …up to an hour: about thirty attempts in the 24 hours. */
export const MAIL_MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

export interface MailFailure {
  /** temporary: a 4xx answer, a refused or dropped connection, a time-out; permanent: a 5xx answer, a bad address */
  kind: 'temporary' | 'permanent';
  /** the mail server could not be reached (or closed the session): the next messages would fail the same way */
  unreachable: boolean;
  reason: string;
}

/** Sorts a send error of nodemailer (responseCode for SMTP answers, code for the rest). */
export function classifyMailError(error: unknown): MailFailure {
  const { responseCode, code, message } = (error ?? {}) as {
    responseCode?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const reason = (typeof message === 'string' && message ? message : String(error)).slice(0, 500);
  if (typeof responseCode === 'number' && responseCode >= 500) return { kind: 'permanent', unreachable: false, reason };
  if (typeof responseCode === 'number' && responseCode >= 400)
    return { kind: 'temporary', unreachable: responseCode === 421, reason };
  // an address nodemailer refuses before any answer (EENVELOPE without a code) will never go out
  if (code === 'EENVELOPE') return { kind: 'permanent', unreachable: false, reason };
  return { kind: 'temporary', unreachable: true, reason };
}

/** The wait after `attempts` failed attempts: 1, 2, 4 … minutes, then every hour. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_MAX_RETRY_DELAY_MS, MAIL_FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * When to try next after `attempts` failed attempts in a window opened at `windowStartedAt` (ms), or null once
 * the 24 hours are over: the last attempt is made at the window's end.
 */
export function nextMailAttemptAt(windowStartedAt: number, attempts: number, now: number): Date | null {
  const end = windowStartedAt + MAIL_RETRY_WINDOW_MS;
  if (now >= end) return null;
  return new Date(Math.min(now + mailRetryDelayMs(attempts), end));
}
