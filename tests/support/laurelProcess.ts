import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface CompiledServer {
  /** the bundle's entry (main.js) */
  main: string;
  /** the folder holding the bundle's files: main.js, laurel.js (the CLI), signingWorker.js and any extra entry */
  folder: string;
  remove(): void;
}

/**
 * Builds the server as `npm run build` does (server/scripts/buildServer.mjs), into a temporary folder that sees
 * the repository's node_modules, so the tests run the same JavaScript `npm start` runs. `entries` adds test
 * servers of their own to the bundle (name → TypeScript file).
 */
export function buildCompiledServer(entries: Record<string, string> = {}): CompiledServer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-compiled-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  const outdir = path.join(folder, 'server');
  const extra = Object.entries(entries).flatMap(([name, file]) => ['--entry', `${name}=${file}`]);
  execFileSync(process.execPath, [path.join(ROOT, 'server/scripts/buildServer.mjs'), '--outdir', outdir, ...extra], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  return {
    main: path.join(outdir, 'main.js'),
    folder: outdir,
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

export interface LaurelProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** what the server wrote so far (stdout and stderr) */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has ended */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.setTimeout(2000, () => request.destroy());
  });
}

/** Starts the compiled server as a child process on a free loopback port and waits until /api/health answers 200. */
export function startLaurel(main: string, env: Record<string, string>, timeoutMs = 30_000): Promise<LaurelProcess> {
  return startNodeServer(main, env, '/api/health', timeoutMs);
}

/**
 * Starts a Node server script as a child process on a free loopback port (its PORT and HOST), with Laurel's defaults
 * for a test (no web root, warnings only) under `env`, and waits until `readyPath` answers 200.
 */
export async function startNodeServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 30_000,
): Promise<LaurelProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ROOT: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}) before answering:\n${output}`);
    if ((await get(`${url}${readyPath}`)) === 200) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not answer ${readyPath} in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, port, child, output: () => output, stop };
}
