import { Worker } from 'node:worker_threads';

/**
 * Clients that run on their own thread, so their clocks keep running while the server's event loop is held:
 * - a health probe asking `GET /api/health` every `everyMs`; each wait is counted from the moment the request was
 *   due (not sent) to its answer, so a frozen server shows as long waits even before the request could be sent.
 * - a keep-alive load generator: `connections` clients asking one path again as soon as answered, for `seconds`.
 * Plain JavaScript evaluated in the worker (no TypeScript loader needed there).
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const waits = [];
let pending = 0;
let stopped = false;
let nextDue = performance.now();
function ask(due) {
  pending += 1;
  const request = http.get(workerData.url, { agent }, (response) => {
    response.resume();
    response.on('end', () => {
      pending -= 1;
      waits.push({ wait: performance.now() - due, status: response.statusCode });
      finish();
    });
  });
  request.on('error', () => {
    pending -= 1;
    waits.push({ wait: performance.now() - due, status: 0 });
    finish();
  });
}
function next() {
  if (stopped) return finish();
  // every request due by now is sent, each counted from its due time
  const now = performance.now();
  while (nextDue <= now) {
    ask(nextDue);
    nextDue += workerData.everyMs;
  }
  setTimeout(next, Math.max(0, nextDue - performance.now()));
}
function finish() {
  if (stopped && pending === 0) parentPort.postMessage(waits), process.exit(0);
}
parentPort.on('message', () => { stopped = true; finish(); });
next();
`;

export interface ProbeResult {
  count: number;
  failed: number;
  max: number;
  p99: number;
  median: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
}

export function startHealthProbe(url: string, everyMs = 20): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs } });
  const answered = new Promise<{ wait: number; status: number }[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const waits = await answered;
      const sorted = waits.map((w) => w.wait).sort((a, b) => a - b);
      return {
        count: waits.length,
        failed: waits.filter((w) => w.status !== 200).length,
        max: sorted.at(-1) ?? 0,
        p99: quantile(sorted, 0.99),
        median: quantile(sorted, 0.5),
      };
    },
  };
}

const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { url, connections, seconds, warmupSeconds } = workerData;
const times = [];
let errors = 0;
let measuring = false;
let done = false;
const end = performance.now() + (warmupSeconds + seconds) * 1000;
setTimeout(() => { measuring = true; }, warmupSeconds * 1000);
let open = connections;
function client() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const loop = () => {
    if (performance.now() >= end) {
      agent.destroy();
      open -= 1;
      if (open === 0) parentPort.postMessage({ times, errors, seconds });
      return;
    }
    const sent = performance.now();
    http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (measuring) {
          if (response.statusCode === 200) times.push(performance.now() - sent);
          else errors += 1;
        }
        loop();
      });
    }).on('error', () => { errors += 1; loop(); });
  };
  loop();
}
for (let i = 0; i < connections; i += 1) client();
`;

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` keep-alive clients asking `url` again as soon as answered; figures after a warm-up. */
export async function runLoad(
  url: string,
  options: { connections?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  const workerData = {
    url,
    connections: options.connections ?? 50,
    seconds: options.seconds ?? 5,
    warmupSeconds: options.warmupSeconds ?? 1,
  };
  const worker = new Worker(LOAD, { eval: true, workerData });
  const result = await new Promise<{ times: number[]; errors: number; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const sorted = result.times.sort((a, b) => a - b);
  return {
    requestsPerSecond: sorted.length / result.seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    errors: result.errors,
  };
}
