import type { Kysely } from 'kysely';
import type { Database, Job } from '../../db/schema';
import {
  claimNextJob,
  completeJob,
  failJob,
  findJobRows,
  insertJobRow,
  jobInfo,
  releaseJob,
  renewLease,
} from './jobQueue';
import type { EnqueueOptions, JobFilter, JobHandler, JobInfo, JobLog, JobQueue, JobQueueOptions } from './jobs';

export type { JobHandler } from './jobs';

const DEFAULT_LEASE_SECONDS = 30;
const DEFAULT_STOP_GRACE_MS = 20_000;

/**
 * The worker over the jobs table (the JobQueue of ./jobs, ARCHITECTURE.md: background jobs), on SQLite (PostgreSQL
 * uses ./pgBossQueue). It polls every `pollMs` (0: never by itself, as in the server tests, which drain the queue with
 * runUntilIdle) and wakes at once when work is enqueued through it; a process whose role does not run jobs never
 * polls. Jobs run one at a time per process under a lease that a heartbeat renews every third of its length; a
 * job whose process died is taken up again once its lease lapsed. A failing job is retried later.
 */
export class JobRunner implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseSeconds: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private current: Job | null = null;
  /** jobs given back by stop() while their handler still ran: their end is not recorded */
  private readonly released = new Set<number>();
  private stopped = false;
  /** stop({ abandon }) left the running job held: no heartbeat renews it any more */
  private abandoned = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: JobLog,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  }

  get working(): boolean {
    return this.options.work;
  }

  enqueue(db: Kysely<Database>, type: string, payload: object, options?: EnqueueOptions): Promise<string | null> {
    return insertJobRow(db, type, payload, options);
  }

  find(filter: JobFilter): Promise<JobInfo[]> {
    return findJobRows(this.db, filter);
  }

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  async start(): Promise<void> {
    if (this.options.work && this.options.pollMs > 0) this.schedule(0);
  }

  async stop(options: { graceMs?: number; abandon?: boolean } = {}): Promise<void> {
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
    const job = this.current;
    if (finished || !job) return;
    this.released.add(job.id);
    if (options.abandon) {
      // as a crash: the lease is left to lapse (the heartbeat stops with the handler's end, unrecorded)
      this.abandoned = true;
      return;
    }
    await releaseJob(this.db, job);
    this.log.warn({ jobId: job.id, type: job.type }, 'background job released on shutdown');
  }

  wake(): void {
    if (this.options.work && this.options.pollMs > 0 && !this.stopped) this.schedule(0);
  }

  async ready(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await this.db.selectFrom('jobs').select('id').limit(1).execute();
      return true;
    } catch {
      return false;
    }
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
    while (!this.stopped) {
      const job = await claimNextJob(this.db, [...this.handlers.keys()], this.leaseSeconds);
      if (!job) break;
      ran++;
      await this.runOne(job);
    }
    return ran;
  }

  private async runOne(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type);
    this.current = job;
    const heartbeat = setInterval(
      () => {
        if (this.abandoned) return;
        renewLease(this.db, job, this.leaseSeconds).catch((error: unknown) => {
          this.log.warn({ err: error, jobId: job.id }, 'background job lease not renewed');
        });
      },
      (this.leaseSeconds * 1000) / 3,
    );
    heartbeat.unref?.();
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      // a job taken up again after its process died more times than it may be attempted: failed for good
      if (job.attempts > job.max_attempts) throw new Error('the job was interrupted too many times');
      this.log.info({ jobId: job.id, type: job.type, attempt: job.attempts }, 'background job started');
      await handler(JSON.parse(job.payload), jobInfo(job));
      clearInterval(heartbeat);
      if (!this.released.delete(job.id)) await completeJob(this.db, job);
    } catch (error) {
      clearInterval(heartbeat);
      if (this.released.delete(job.id)) return;
      this.log.error({ err: error, jobId: job.id, type: job.type }, 'background job failed');
      await failJob(this.db, job, error instanceof Error ? error.message : String(error));
    } finally {
      this.current = null;
    }
  }
}
