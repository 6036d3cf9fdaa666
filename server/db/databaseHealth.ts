import { sql, type Kysely } from 'kysely';
import { isDriverError } from './driverErrors';

/**
 * What "the database cannot be reached" looks like, as opposed to "this query is wrong" — on an error a database
 * driver raised (server/db/driverErrors.ts) and on no other: an SMTP server, an S3 bucket, a webhook or an EVM node
 * refusing a connection fails with the same socket codes and is not the database.
 * - PostgreSQL: SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot
 *   connect now), 53300 (too many connections); the socket errors node-postgres passes on when the server is gone,
 *   and its own messages for a connection cut or not obtained in time.
 * - SQLite: the file is locked by another process past busy_timeout (SQLITE_BUSY, SQLITE_LOCKED), cannot be read,
 *   written or opened (SQLITE_IOERR, SQLITE_CANTOPEN), or its disk is full (SQLITE_FULL; the error handler answers
 *   that one 507 first, server/errors.ts), extended codes included (SQLITE_IOERR_WRITE…).
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL)(_|$)/;
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
  'the database system is',
  'terminating connection',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!isDriverError(error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (POSTGRES_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SOCKET_CODES.has(code) || SQLITE_CODES.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((part) => message.includes(part));
}

/**
 * Runs `write` again while the database is unreachable (a restart, a failover), waiting `delayMs` between tries, for
 * at most `maxMs`: for recording something already done outside (a mail the SMTP server accepted, a webhook that was
 * called), whose record lost to a restart would make a retried job do it a second time. Other errors throw at once.
 */
export async function retryWhileDatabaseDown<T>(write: () => Promise<T>, maxMs = 60_000, delayMs = 500): Promise<T> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delayMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

interface Log {
  warn(message: string): void;
  info(message: string): void;
}

export interface DatabaseHealthOptions {
  /** the first wait before probing again after a failure; doubled up to maxDelayMs */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** a probe slower than this counts as down */
  probeTimeoutMs?: number;
}

/**
 * Whether the database answers. A failed query that means "unreachable" marks it down (reported by /api/health
 * and turned into 503 answers); while down, a `SELECT 1` probe runs with exponential back-off until it answers.
 * The pool itself opens fresh connections on demand, so nothing else has to be restarted.
 */
export class DatabaseHealth {
  private down = false;
  private since: Date | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;
  private stopped = false;
  private probeFaultNoted = false;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly probeTimeoutMs: number;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly log: Log,
    options: DatabaseHealthOptions = {},
  ) {
    this.minDelayMs = options.minDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 5000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 2000;
    this.delayMs = this.minDelayMs;
  }

  get isDown(): boolean {
    return this.down;
  }

  get downSince(): Date | null {
    return this.since;
  }

  /** Called with any error a query raised: an "unreachable" one marks the database down and starts probing. */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.markDown((error as Error).message);
    return true;
  }

  /** Probes now: answers whether the database is up, and updates the state. */
  async check(): Promise<boolean> {
    const up = await this.probe();
    if (up) this.markUp();
    else this.markDown('health probe failed');
    return up;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async probe(): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(this.db),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('probe timed out')), this.probeTimeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  private markDown(reason: string): void {
    if (!this.down) {
      this.down = true;
      this.since = new Date();
      this.delayMs = this.minDelayMs;
      this.probeFaultNoted = false;
      this.log.warn(`database unreachable (${reason}); probing with back-off until it answers`);
    }
    this.scheduleProbe();
  }

  private markUp(): void {
    if (!this.down) return;
    const seconds = this.since ? ((Date.now() - this.since.getTime()) / 1000).toFixed(1) : '?';
    this.down = false;
    this.since = null;
    this.delayMs = this.minDelayMs;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.log.info(`database reachable again after ${seconds} s`);
  }

  private scheduleProbe(): void {
    if (this.timer || this.stopped) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, this.maxDelayMs);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.probe()
        .then((up) => {
          if (up) this.markUp();
          else if (this.down) this.scheduleProbe();
        })
        .catch((error: unknown) => {
          // probe() answers false for any failure of its query: what lands here is a fault of this bookkeeping or
          // of the log. Noted once per outage, and the probing goes on, so the state can never stay down for good.
          if (!this.probeFaultNoted) {
            this.probeFaultNoted = true;
            this.log.warn(`database health probe failed unexpectedly: ${(error as Error)?.message ?? String(error)}`);
          }
          if (this.down) this.scheduleProbe();
        });
    }, delay);
    this.timer.unref?.();
  }
}
