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
const SECONDS = 6;

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

function line(name: string, load: LoadResult, extra = ''): string {
  return `  ${name}: ${Math.round(load.requestsPerSecond).toLocaleString('en')} requests/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms${load.errors ? `, ${load.errors} errors` : ''}${extra}`;
}

/** 1,000 published certificates on a fresh SQLite data folder, a web root with a copy of one page; the key. */
async function prepare(dataDir: string, webRoot: string): Promise<{ key: string }> {
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
 * processes on SQLite; the load generator runs on a thread of this one.
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

    const options = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2 };
    const staticFile = await runLoad(`${laurel.url}/assets/certificate-copy.html`, options);
    const page = await peakMemory(laurel.child.pid as number, runLoad(`${laurel.url}/certificate/${key}`, options));
    const bareLookup = await peakMemory(bare.child.pid as number, runLoad(`${bare.url}/certificate/${key}`, options));
    const ratio = page.result.requestsPerSecond / staticFile.requestsPerSecond;
    console.info(`public certificate page: ${CONNECTIONS} keep-alive connections, ${SECONDS} s each, SQLite`);
    console.info(line('static file of the same bytes (same server, baseline)', staticFile));
    console.info(
      line(
        'certificate page',
        page.result,
        `, ratio ${ratio.toFixed(2)} (target ≥ 0.80, p99 < 50 ms); server memory peak ${page.peakMb.toFixed(0)} MB`,
      ),
    );
    console.info(
      line(
        'bare Fastify server, same lookup',
        bareLookup.result,
        `; memory peak ${bareLookup.peakMb.toFixed(0)} MB, ours ${(page.peakMb / bareLookup.peakMb).toFixed(2)}× (target ≤ 2)`,
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
