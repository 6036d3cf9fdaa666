import type { KeyObject } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OpenBadgeCredentialInput } from './openBadgeCredential';
import type { SignResult } from './batchSigning';
import type { SignAnswer, SignRequest } from './signingWorker';

/**
 * Signing off the main thread (issues 7 and 16): worker threads build, canonize, sign and serialise credentials,
 * so a signing job never holds the server's event loop (a chunk of 500 on the main thread held it ≈ 200 ms). Each
 * worker keeps one warm batch signer per issuer key; the key travels with each request. The pool is shared by
 * the process, started on first use and stopped after a minute without work; idle workers never keep the
 * process alive. The workers load the same TypeScript modules through tsx, which their entry registers.
 */
export interface SigningKey {
  verificationMethodId: string;
  privateKey: KeyObject;
  created: Date;
}

export interface SigningPool {
  readonly size: number;
  sign(key: SigningKey, inputs: OpenBadgeCredentialInput[]): Promise<SignResult[]>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./signingWorkerEntry.mjs', import.meta.url);
const IDLE_MS = 60_000;
/**
 * A signing thread's young generation: 24 MB (two 8 MB semi-spaces) instead of V8's 48, about 16 MB less resident
 * memory per thread with no measurable change in the signing rate (issue 16 point 6, docs/performance.md).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 24 } as const;

/**
 * Signing threads for this machine: two on one or two cores too (the main thread then only reads and stores, and
 * the threads share the cores with it: 10,000 credentials on 2 cores at ≈ 4,000/s against ≈ 2,900/s on the main
 * thread alone, which also froze the server); one per further core beyond that, up to four.
 */
export function signingThreads(cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.min(4, Math.max(2, cores - 1));
}

interface PooledWorker {
  worker: Worker;
  pending: number;
}

export function startSigningPool(size = signingThreads()): SigningPool {
  const waiting = new Map<number, { resolve: (results: SignResult[]) => void; reject: (error: Error) => void }>();
  const owners = new Map<number, PooledWorker>();
  const workers: PooledWorker[] = Array.from({ length: size }, () => {
    const pooled: PooledWorker = { worker: new Worker(WORKER_URL, { resourceLimits: WORKER_LIMITS }), pending: 0 };
    pooled.worker.unref();
    pooled.worker.on('message', (answer: SignAnswer) => {
      settle(answer.id)?.resolve(answer.results);
    });
    pooled.worker.on('error', (error) => {
      for (const [id, owner] of owners) if (owner === pooled) settle(id)?.reject(error);
    });
    return pooled;
  });
  function settle(id: number) {
    const owner = owners.get(id);
    const entry = waiting.get(id);
    owners.delete(id);
    waiting.delete(id);
    if (owner) {
      owner.pending -= 1;
      // a worker with nothing to do must not keep the process alive
      if (owner.pending === 0) owner.worker.unref();
    }
    return entry;
  }
  let counter = 0;
  return {
    size,
    sign(key, inputs) {
      if (inputs.length === 0) return Promise.resolve([]);
      const pooled = workers.reduce((best, candidate) => (candidate.pending < best.pending ? candidate : best));
      const id = ++counter;
      return new Promise<SignResult[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        owners.set(id, pooled);
        if (pooled.pending === 0) pooled.worker.ref();
        pooled.pending += 1;
        pooled.worker.postMessage({
          id,
          key: {
            verificationMethodId: key.verificationMethodId,
            privateKey: key.privateKey,
            created: key.created.toISOString(),
          },
          inputs,
        } satisfies SignRequest);
      });
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
      for (const id of [...waiting.keys()]) settle(id)?.reject(new Error('the signing pool was closed'));
    },
  };
}

let shared: SigningPool | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let busy = 0;

/** Stops the shared pool after IDLE_MS without requests. */
function armIdleTimer(pool: SigningPool): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (shared === pool && busy === 0) {
      shared = null;
      void pool.close();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * Starts the process's signing threads ahead of a job that will need them — a publish of many rows, as soon as its
 * rows are checked — so the threads load their code and libraries while the publication is written, not in the
 * signing job's first chunk (about half a second per thread on 2 cores). Unused, they stop after IDLE_MS.
 */
export function warmSigningPool(): void {
  if (shared) return;
  shared = startSigningPool();
  if (busy === 0) armIdleTimer(shared);
}

/** The process's signing pool, started on first use; stopped after IDLE_MS without requests. */
export function sharedSigningPool(): SigningPool {
  if (!shared) shared = startSigningPool();
  const pool = shared;
  return {
    size: pool.size,
    async sign(key, inputs) {
      busy += 1;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      try {
        return await pool.sign(key, inputs);
      } finally {
        busy -= 1;
        if (busy === 0) armIdleTimer(pool);
      }
    },
    close: () => pool.close(),
  };
}
