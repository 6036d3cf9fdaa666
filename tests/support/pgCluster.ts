import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';

export { freePort };

/**
 * A throw-away PostgreSQL cluster on loopback: the shared one of the server tests (tests/server/postgresServer.ts,
 * tuned for speed), or a test's or bench's own, which it may stop and start (the shared one must stay up).
 * Needs the postgresql package (.ci/run installs it); as root, the cluster runs as the postgres user.
 */
export interface PgCluster {
  url: string;
  /** pg_ctl stop in the given mode (fast: what a restart or failover does to the clients) */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** stops it at once and removes its files */
  destroy(): void;
}

export interface PgClusterOptions {
  /** the temporary folder's name prefix */
  prefix?: string;
  /** server settings (`-c name=value` each) besides the port, socket folder and loopback address */
  settings?: Record<string, string | number>;
  /**
   * a folder that keeps the cluster between runs (a bench's seeded databases): the cluster found there is started
   * again, or one is made there; without it, a new temporary folder
   */
  folder?: string;
}

/** A PostgreSQL program of the newest version installed under /usr/lib/postgresql. */
export function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install the postgresql package (apt-get install -y postgresql)`);
}

/** Runs a PostgreSQL program, as the postgres user when this process is root (initdb refuses root). */
function runPostgres(bin: string, args: string[], { check = true } = {}): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : postgresBin(bin);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', postgresBin(bin), ...args] : args;
  if (check) execFileSync(command, fullArgs, { stdio: 'pipe' });
  else spawnSync(command, fullArgs, { stdio: 'pipe' });
}

export async function startPgCluster({
  prefix = 'laurel-pg-own-',
  settings = { max_connections: 100 },
  folder,
}: PgClusterOptions = {}): Promise<PgCluster> {
  const dir = folder ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, 'data');
  if (!folder || !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (folder) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
    }
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
    runPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }
  const port = await freePort();
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`]
    .concat(Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`))
    .join(' ');
  const start = () => runPostgres('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => runPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    destroy() {
      runPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop'], { check: false });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
