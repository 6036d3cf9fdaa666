import type { ActivityKind } from '../../domain/activity';

/** What the recorder reads of a request: the visitor's address, browser, method and prefetch headers. */
export interface ActivityRequest {
  ip: string;
  method: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Counts what recipients and third parties do with a certificate (issue 31; server/services/activity/recorder.ts).
 * Neither call waits for the database nor fails.
 */
export interface ActivityRecorder {
  /** Counts `kind` on the certificate of `key` when the request is a person's first of the day. */
  record(request: ActivityRequest, key: string, kind: ActivityKind): void;
  /** Counts a verification of each of the credentials checked that is one of ours. */
  verified(request: ActivityRequest, credentials: readonly { credential: { id: string | null } }[]): void;
  /** Waits for the writes under way (tests, and the server's closing before its database). */
  settled(): Promise<void>;
}
