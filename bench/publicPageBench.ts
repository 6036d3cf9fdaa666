import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { insertTemplate } from '../server/repositories/templates';
import { signInAdmin } from '../tests/server/signIn';
import { buildCompiledServer, type LaurelProcess, startLaurel, startNodeServer } from '../tests/support/laurelProcess';
import { runLoad, type LoadResult } from './serverProbe';

const CERTIFICATES = 1_000;
const CONNECTIONS = 50;
const SECONDS = 3;
const ROUNDS = 5;
const BARE_ROUNDS = 3;

/** Resident memory of a process (MB), sampled every 100 ms while `during` runs: the highest sample. */
async function peakMemory<T>(pid: number, during: Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      if (rss) peak = Math.max(peak, Number(rss[1]) / 1024);
    } catch {
      // the process ended
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await during;
    sample();
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/** Of several runs, each figure's median (requests per second, p50, p99 taken apart). */
function medianRun(runs: readonly LoadResult[]): LoadResult {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

function line(name: string, load: LoadResult, extra = ''): string {
  return `  ${name}: ${Math.round(load.requestsPerSecond).toLocaleString('en')} requests/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms${load.errors ? `, ${load.errors} errors` : ''}${extra}`;
}

/** 1,000 published certificates on a fresh SQLite data folder, a web root with a copy of one page; the key. */
export async function prepare(dataDir: string, webRoot: string): Promise<{ key: string }> {
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      WEB_ROOT: 'none',
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '0',
      LAUREL_INITIAL_CREDITS: '100000',
    }),
    { logger: false },
  );
  try {
    const { headers, issuerId } = await signInAdmin(app);
    const templateId = await insertTemplate(app.laurel.db, {
      issuer_id: issuerId,
      label: JSON.stringify({ en: 'First aid' }),
      type: 'openbadge',
      technical_fields: 'ID',
      content: JSON.stringify({ en: { microcertitle: 'First aid', outcome: 'Alert, protect, **rescue**.' } }),
    });
    const data = Array.from({ length: CERTIFICATES }, (_, i) => ({
      Language: 'en',
      ID: `P-${i}`,
      Email: `learner${i}@example.org`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      obtentionDate: '2026-11-20',
    }));
    const published = await app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data, contentType: 'json' },
    });
    if (published.statusCode !== 200) throw new Error(published.body);
    await app.laurel.jobs.runUntilIdle();
    const { key } = await app.laurel.db
      .selectFrom('certificates')
      .select('key')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const page = await app.inject({ method: 'GET', url: `/certificate/${key}` });
    if (page.statusCode !== 200) throw new Error(`certificate page: ${page.statusCode}`);
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Laurel</title>');
    // the static baseline: a file of the page's own bytes
    fs.writeFileSync(path.join(webRoot, 'assets', 'certificate-copy.html'), page.body);
    return { key };
  } finally {
    await app.close();
  }
}

/**
 * npm run bench (public-page): the public certificate page at 50 keep-alive connections against a static file of
 * the same bytes from the same Laurel server (target ≥ 0.8× its throughput, p99 < 50 ms), and Laurel's memory
 * under that load against a bare Fastify server doing the same lookup (target ≤ 2×). Servers run in their own
 * processes on SQLite; the load generator runs on a thread of this one. Five interleaved rounds of 3 s give medians:
 * one run of each, one after the other, moved the ratio between 0.79 and 1.17 on a quiet machine.
 */
export async function publicPageBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-web-'));
  const children: LaurelProcess[] = [];
  // the server as `npm start` runs it (the bundle of server/scripts/buildServer.mjs), not through the tsx loader,
  // whose own thread and source maps would be counted as the server's memory
  const compiled = buildCompiledServer();
  try {
    const { key } = await prepare(dataDir, webRoot);
    const laurel = await startLaurel(compiled.main, {
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      JOB_POLL_MS: '0',
      NODE_ENV: 'production',
    });
    children.push(laurel);
    const bare = await startNodeServer(
      path.join(import.meta.dirname, 'barePublicServer.mjs'),
      { DATA_DIR: dataDir, PAGE_FILE: path.join(webRoot, 'assets', 'certificate-copy.html') },
      `/certificate/${key}`,
    );
    children.push(bare);

    // Rounds interleave the static file and the page (in turns, first one then the other), so that a moment of
    // noise on the shared cores falls on both; the figures are the medians of the rounds, the memory the highest
    // sample of all of them.
    const options = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1 };
    const staticRuns: LoadResult[] = [];
    const pageRuns: LoadResult[] = [];
    let pagePeakMb = 0;
    const staticRun = async () => staticRuns.push(await runLoad(`${laurel.url}/assets/certificate-copy.html`, options));
    const pageRun = async () => {
      const run = await peakMemory(laurel.child.pid as number, runLoad(`${laurel.url}/certificate/${key}`, options));
      pageRuns.push(run.result);
      pagePeakMb = Math.max(pagePeakMb, run.peakMb);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        await staticRun();
        await pageRun();
      } else {
        await pageRun();
        await staticRun();
      }
    }
    const bareRuns: LoadResult[] = [];
    let barePeakMb = 0;
    for (let round = 0; round < BARE_ROUNDS; round += 1) {
      const run = await peakMemory(bare.child.pid as number, runLoad(`${bare.url}/certificate/${key}`, options));
      bareRuns.push(run.result);
      barePeakMb = Math.max(barePeakMb, run.peakMb);
    }
    const staticFile = medianRun(staticRuns);
    const page = medianRun(pageRuns);
    const bareLookup = medianRun(bareRuns);
    const ratio = page.requestsPerSecond / staticFile.requestsPerSecond;
    const ratios = pageRuns.map((run, i) => (run.requestsPerSecond / staticRuns[i].requestsPerSecond).toFixed(2));
    console.info(
      `public certificate page: ${CONNECTIONS} keep-alive connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, SQLite (medians)`,
    );
    console.info(line('static file of the same bytes (same server, baseline)', staticFile));
    console.info(
      line(
        'certificate page',
        page,
        `, ratio ${ratio.toFixed(2)} (target ≥ 0.80, p99 < 50 ms; rounds ${ratios.join(' ')}); server memory peak ${pagePeakMb.toFixed(0)} MB`,
      ),
    );
    console.info(
      line(
        'bare Fastify server, same lookup',
        bareLookup,
        `; memory peak ${barePeakMb.toFixed(0)} MB, ours ${(pagePeakMb / barePeakMb).toFixed(2)}× (target ≤ 2)`,
      ),
    );
  } finally {
    for (const child of children) await child.stop();
    compiled.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('publicPageBench.ts')) await publicPageBench();
