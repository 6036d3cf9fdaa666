import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { insertTemplate } from '../server/repositories/templates';
import { signInAdmin } from '../tests/server/signIn';
import { buildCompiledServer } from '../tests/support/laurelProcess';
import { runLoad, type LoadResult } from './serverProbe';

const CERTIFICATES = 1_000;
const CONNECTIONS = 50;
const SECONDS = 6;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A server in its own process, so its memory is its own; resolved once it answers `readyPath`. */
async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  base: string,
  readyPath: string,
): Promise<ChildProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} ended with ${child.exitCode}`);
    try {
      const answer = await fetch(`${base}${readyPath}`);
      if (answer.ok) return child;
      if (i % 50 === 49) console.info(`  waiting for ${base}${readyPath}: ${answer.status}`);
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const last = await fetch(`${base}${readyPath}`).then(
    (answer) => `${answer.status}`,
    (error: Error) => error.message,
  );
  child.kill();
  throw new Error(`${args.join(' ')} did not answer (${last})`);
}

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
  const children: ChildProcess[] = [];
  // the server as `npm start` runs it (the bundle of server/scripts/buildServer.mjs), not through the tsx loader,
  // whose own thread and source maps would be counted as the server's memory
  const compiled = buildCompiledServer();
  try {
    const { key } = await prepare(dataDir, webRoot);
    const laurelPort = await freePort();
    const laurelBase = `http://127.0.0.1:${laurelPort}`;
    const laurel = await startProcess(
      process.execPath,
      [compiled.main],
      {
        DATA_DIR: dataDir,
        WEB_ROOT: webRoot,
        PORT: String(laurelPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JOB_POLL_MS: '0',
        NODE_ENV: 'production',
      },
      laurelBase,
      '/api/health',
    );
    children.push(laurel);
    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    const bare = await startProcess(
      process.execPath,
      [path.join(import.meta.dirname, 'barePublicServer.mjs')],
      {
        DATA_DIR: dataDir,
        PORT: String(barePort),
        PAGE_FILE: path.join(webRoot, 'assets', 'certificate-copy.html'),
      },
      bareBase,
      `/certificate/${key}`,
    );
    children.push(bare);

    const options = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2 };
    const staticFile = await runLoad(`${laurelBase}/assets/certificate-copy.html`, options);
    const page = await peakMemory(laurel.pid as number, runLoad(`${laurelBase}/certificate/${key}`, options));
    const bareLookup = await peakMemory(bare.pid as number, runLoad(`${bareBase}/certificate/${key}`, options));
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
    for (const child of children) child.kill();
    compiled.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('publicPageBench.ts')) await publicPageBench();
