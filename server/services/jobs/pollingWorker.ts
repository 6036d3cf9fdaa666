import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInJobScope } from '../../processSafetyNet';
import type { JobHandler, JobInfo, JobLog, JobQueueOptions } from './queue';

const DEFAULT_LEASE_SECONDS = 30;
const DEFAULT_STOP_GRACE_MS = 20_000;

/** A claimed job as the worker runs it, whatever store it came from. */
export interface RunnableJob {
  id: string | number;
  /** its handler's type */
  type: string;
  payload: unknown;
  info: JobInfo;
  /** why it must fail without running (taken up again too many times), or null */
  refusal: string | null;
}

/**
 * The worker loop both job stores share (the jobs table on SQLite, pg-boss on PostgreSQL): it polls every `pollMs`
 * (0: never by itself, the server tests drain with runUntilIdle), wakes when work is enqueued, runs one job at a
 * time under a lease that a heartbeat renews every third of its length, and on stop waits for the running job up to
 * the grace before giving it back (or abandoning it, as a crash would). A store says how to claim, renew, complete,
 * fail and give back one of its jobs.
 */
export abstract class PollingWorker<Claimed> {
  protected readonly handlers = new Map<string, JobHandler>();
  protected readonly leaseSeconds: number;
  protected stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private current: { claimed: Claimed; job: RunnableJob } | null = null;
  /** jobs given back by stop() while their handler still ran: their end is not recorded */
  private readonly released = new Set<string | number>();
  /** stop({ abandon }) left the running job held: no heartbeat renews it any more */
  private abandoned = false;

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly log: JobLog,
    protected readonly options: JobQueueOptions,
  ) {
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  }

  /** the next due job of these types, now held by this worker, or null */
  protected abstract claim(types: string[]): Promise<Claimed | null>;
  protected abstract describe(claimed: Claimed): RunnableJob;
  protected abstract renew(claimed: Claimed): Promise<void>;
  protected abstract complete(claimed: Claimed): Promise<void>;
  protected abstract fail(claimed: Claimed, message: string): Promise<void>;
  /** puts a job this worker holds back in the queue, as if never taken */
  protected abstract giveBack(claimed: Claimed): Promise<void>;

  get working(): boolean {
    return this.options.work;
  }

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  wake(): void {
    if (this.options.work && this.options.pollMs > 0 && !this.stopped) this.schedule(0);
  }

  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.running) await this.running;
      this.running = this.drain();
      const ran = await this.running;
      this.running = null;
      total += ran;
      if (ran === 0) return total;
    }
  }

  protected startPolling(): void {
    if (this.options.work && this.options.pollMs > 0) this.schedule(0);
  }

  /** Stops polling; the running job gets the grace to end, then is given back or, with `abandon`, left held. */
  protected async stopPolling(options: { graceMs?: number; abandon?: boolean }): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const running = this.running;
    if (!running) return;
    let timeout: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timeout = setTimeout(
          () => resolve(false),
          options.graceMs ?? this.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
        );
      }),
    ]);
    clearTimeout(timeout);
    const current = this.current;
    if (finished || !current) return;
    this.released.add(current.job.id);
    if (options.abandon) {
      // as a crash: the heartbeat stops and the lease is left to lapse
      this.abandoned = true;
      return;
    }
    await this.giveBack(current.claimed);
    this.log.warn({ jobId: current.job.id, type: current.job.type }, 'background job released on shutdown');
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (!this.running) {
      this.running = this.drain();
      await this.running.catch((error: unknown) => {
        this.log.error({ err: error }, 'background job poll failed');
        return 0;
      });
      this.running = null;
    }
    if (!this.stopped) this.schedule(this.options.pollMs);
  }

  private async drain(): Promise<number> {
    let ran = 0;
    const types = [...this.handlers.keys()];
    while (!this.stopped && types.length > 0) {
      const claimed = await this.claim(types);
      if (!claimed) break;
      ran++;
      await this.runOne(claimed);
    }
    return ran;
  }

  private async runOne(claimed: Claimed): Promise<void> {
    const job = this.describe(claimed);
    const handler = this.handlers.get(job.type);
    this.current = { claimed, job };
    const heartbeat = setInterval(
      () => {
        if (this.abandoned) return;
        this.renew(claimed).catch((error: unknown) => {
          this.log.warn({ err: error, jobId: job.id }, 'background job lease not renewed');
        });
      },
      (this.leaseSeconds * 1000) / 3,
    );
    heartbeat.unref?.();
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      if (job.refusal) throw new Error(job.refusal);
      this.log.info({ jobId: job.id, type: job.type, attempt: job.info.attempts }, 'background job started');
      // a fault the handler leaves behind (a rejection nobody awaited) is logged with this job's id and type
      await runInJobScope({ id: job.id, type: job.type }, () => handler(job.payload, job.info));
      clearInterval(heartbeat);
      if (!this.released.delete(job.id)) await this.complete(claimed);
    } catch (error) {
      clearInterval(heartbeat);
      if (this.released.delete(job.id)) return;
      this.log.error({ err: error, jobId: job.id, type: job.type }, 'background job failed');
      await this.fail(claimed, error instanceof Error ? error.message : String(error));
    } finally {
      this.current = null;
    }
  }
}
