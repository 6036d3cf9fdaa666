import type { Kysely } from 'kysely';
import type { Database, Job } from '../../db/schema';
import { claimNextJob, completeJob, failJob, requeueStaleJobs } from './jobQueue';

export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

interface Log {
  error(object: object, message: string): void;
}

/**
 * The in-process worker over the jobs table (ARCHITECTURE.md: background jobs). It polls every `pollMs`
 * (0: never by itself, as in the server tests, which drain the queue with runUntilIdle) and wakes at once
 * when work is enqueued through it. Jobs run one at a time per process; a failing job is retried later.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    private readonly pollMs: number,
  ) {}

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  async start(): Promise<void> {
    await requeueStaleJobs(this.db, new Date(Date.now() - 10 * 60 * 1000));
    if (this.pollMs > 0) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Asks the poller to look now (after a commit that queued work); does nothing when polling is off. */
  wake(): void {
    if (this.pollMs > 0 && !this.stopped) this.schedule(0);
  }

  /** Runs due jobs until none is left; answers how many ran. Safe beside the poller. */
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
      await this.running.catch(() => 0);
      this.running = null;
    }
    if (!this.stopped) this.schedule(this.pollMs);
  }

  private async drain(): Promise<number> {
    let ran = 0;
    while (!this.stopped) {
      const job = await claimNextJob(this.db, [...this.handlers.keys()]);
      if (!job) break;
      ran++;
      await this.runOne(job);
    }
    return ran;
  }

  private async runOne(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(JSON.parse(job.payload), job);
      await completeJob(this.db, job.id);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id, type: job.type }, 'background job failed');
      await failJob(this.db, job, error instanceof Error ? error.message : String(error));
    }
  }
}
