import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DailyVisitors, isAutomatedVisitor, type ActivityKind } from '../../../domain/activity';
import { nowIso, todayUtc } from '../../db/clock';
import type { Database } from '../../db/schema';
import type { ActivityRecorder, ActivityRequest } from '../../ports/activityRecorder';
import { recordActivity } from '../../repositories/certificateActivity';
import { certificateKeyOfCredentialId } from '../credentials/identifiers';

interface ActivityLog {
  warn(object: object, message: string): void;
}

/** Writes waiting for the database past this are dropped (a slow or absent database must not grow the heap). */
const MAX_PENDING_WRITES = 500;

/**
 * Counts what recipients and third parties do with a certificate (issue 31; domain/activity.ts): its public page,
 * PDF and badge image downloads, LinkedIn clicks and verifications. A machine's request (a crawler, a link
 * previewer, a mail scanner, a HEAD, a prefetch) is not counted, except for verifications, which are machines'
 * by nature (another site's verifier); the same visitor counts once a day per certificate and kind, told apart
 * by a hash with a daily random salt, kept in memory only. Nothing about the visitor is stored.
 *
 * `record` neither waits for the database nor fails: the write runs beside the request, its error is logged
 * (a database outage must not fail the page), and past MAX_PENDING_WRITES waiting writes events are dropped.
 */
export class DailyActivityRecorder implements ActivityRecorder {
  private readonly visitors = new DailyVisitors(
    (text) => createHash('sha256').update(text).digest('base64url'),
    () => randomBytes(32).toString('base64url'),
  );
  private readonly pending = new Set<Promise<void>>();
  private dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
    private readonly log: ActivityLog,
  ) {}

  /** Counts a verification of each of the credentials checked that is one of ours (its id is our address). */
  verified(request: ActivityRequest, credentials: readonly { credential: { id: string | null } }[]): void {
    for (const { credential } of credentials) {
      const key = certificateKeyOfCredentialId(this.publicUrl, credential.id);
      if (key) this.record(request, key, 'verification');
    }
  }

  /** Counts `kind` on the certificate of `key` when the request is a person's first of the day; never throws. */
  record(request: ActivityRequest, key: string, kind: ActivityKind): void {
    const userAgent = header(request.headers['user-agent']);
    if (kind !== 'verification' && isAutomatedVisitor(userAgent, request.headers, request.method)) return;
    const visit = { ip: request.ip, userAgent, certificate: key, kind };
    if (!this.visitors.firstToday(todayUtc(), visit)) return;
    if (this.pending.size >= MAX_PENDING_WRITES) {
      this.dropped += 1;
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        this.log.warn({ dropped: this.dropped }, 'activity not counted: the database is too slow');
      }
      return;
    }
    const write = recordActivity(this.db, key, kind, nowIso()).catch((error: unknown) => {
      this.log.warn({ err: error, kind }, 'activity not counted: the database refused it');
    });
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Waits for the writes under way (tests, and the server's closing before its database). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value.join(' ') : (value ?? '')).trim();
}
