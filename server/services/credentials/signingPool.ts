import type { KeyObject } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SignAnswer, SignRequest } from './signingWorker';

/**
 * Signing on every core (issue 7): a few worker threads, each holding the issuer's key object (made once per
 * worker) and its own warm canonizer, share the batches of a job. The workers load the same TypeScript modules
 * through tsx, which their entry registers.
 */
export interface SigningPool {
  readonly size: number;
  sign(credentials: { '@context': unknown }[]): Promise<SignAnswer['results']>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./signingWorkerEntry.mjs', import.meta.url);

/**
 * Signing threads for this machine: none beyond the main thread on one or two cores, where measured here the
 * threads' start-up and the main thread's own work (building credentials, storing them) make a pool slower
 * (2,850/s against 3,200/s for 20,000 credentials); one per further core, up to four.
 */
export function signingThreads(cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return cores > 2 ? Math.min(4, cores - 1) : 1;
}

export function startSigningPool(
  key: { verificationMethodId: string; privateKey: KeyObject; created: Date },
  size = signingThreads(),
): SigningPool {
  const workers = Array.from(
    { length: size },
    () =>
      new Worker(WORKER_URL, {
        workerData: {
          verificationMethodId: key.verificationMethodId,
          privateKey: key.privateKey,
          created: key.created.toISOString(),
        },
      }),
  );
  const pending = new Map<
    number,
    { resolve: (results: SignAnswer['results']) => void; reject: (error: Error) => void }
  >();
  for (const worker of workers) {
    worker.on('message', (answer: SignAnswer) => {
      pending.get(answer.id)?.resolve(answer.results);
      pending.delete(answer.id);
    });
    worker.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
  }
  let counter = 0;
  const send = (worker: Worker, credentials: SignRequest['credentials']) =>
    new Promise<SignAnswer['results']>((resolve, reject) => {
      const id = ++counter;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, credentials } satisfies SignRequest);
    });
  return {
    size,
    async sign(credentials) {
      // one slice per worker, answered in order
      const slice = Math.ceil(credentials.length / size);
      const parts = await Promise.all(
        workers.map((_, i) => {
          const part = credentials.slice(i * slice, (i + 1) * slice);
          if (part.length === 0) return Promise.resolve([]);
          return send(workers[i], part);
        }),
      );
      return parts.flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
