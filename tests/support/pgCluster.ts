import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away PostgreSQL cluster of a test's own, on loopback, that the test may stop and start (the shared
 * cluster of tests/server/postgresServer.ts serves every other test file and must stay up).
 */
export interface PgCluster {
  url: string;
  /** pg_ctl stop in the given mode (fast: what a restart or failover does to the clients) */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install the postgresql package`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-pg-own-'));
  const run = (bin: string, args: string[]) => {
    const command = asRoot ? 'runuser' : postgresBin(bin);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', postgresBin(bin), ...args] : args;
    execFileSync(command, fullArgs, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    destroy() {
      const command = asRoot ? 'runuser' : postgresBin('pg_ctl');
      const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
      spawnSync(command, asRoot ? ['-u', 'postgres', '--', postgresBin('pg_ctl'), ...args] : args, { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
