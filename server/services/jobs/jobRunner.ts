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
  readJobsTable,
  type EnqueueOptions,
  type JobFilter,
  type JobInfo,
} from '../../repositories/jobs';
import { PollingWorker, type RunnableJob } from './pollingWorker';
import type { JobQueue } from './queue';

export type { JobHandler } from './queue';

/**
 * The worker over the jobs table (the JobQueue of ./jobs, ARCHITECTURE.md: background jobs), on SQLite (PostgreSQL
 * uses ./pgBossQueue). The loop, the lease's heartbeat and the graceful stop are ./pollingWorker's; a process whose
 * role does not run jobs never polls. A job whose process died is taken up again once its lease lapsed; a failing
 * job is retried later.
 */
export class JobRunner extends PollingWorker<Job> implements JobQueue {
  enqueue(db: Kysely<Database>, type: string, payload: object, options?: EnqueueOptions): Promise<string | null> {
    return insertJobRow(db, type, payload, options);
  }

  find(filter: JobFilter): Promise<JobInfo[]> {
    return findJobRows(this.db, filter);
  }

  async start(): Promise<void> {
    this.startPolling();
  }

  stop(options: { graceMs?: number; abandon?: boolean } = {}): Promise<void> {
    return this.stopPolling(options);
  }

  async ready(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await readJobsTable(this.db);
      return true;
    } catch {
      return false;
    }
  }

  protected async claim(types: string[]): Promise<Job | null> {
    return (await claimNextJob(this.db, types, this.leaseSeconds)) ?? null;
  }

  protected describe(job: Job): RunnableJob {
    const info = jobInfo(job);
    return {
      id: job.id,
      type: job.type,
      payload: info.payload,
      info,
      // a job taken up again after its process died more times than it may be attempted: failed for good
      refusal: job.attempts > job.max_attempts ? 'the job was interrupted too many times' : null,
    };
  }

  protected async renew(job: Job): Promise<void> {
    await renewLease(this.db, job, this.leaseSeconds);
  }

  protected complete(job: Job): Promise<void> {
    return completeJob(this.db, job);
  }

  protected fail(job: Job, message: string): Promise<void> {
    return failJob(this.db, job, message);
  }

  protected giveBack(job: Job): Promise<void> {
    return releaseJob(this.db, job);
  }
}
