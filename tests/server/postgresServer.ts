import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts a throw-away PostgreSQL cluster on loopback for the server tests and provides its URL; each test
 * file then creates its own database in it. Needs the postgresql package (.ci/run installs it).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install the postgresql package (apt-get install -y postgresql)`);
}

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

export default async function startPostgres(project: TestProject) {
  if (process.env.LAUREL_TEST_PG_URL) {
    project.provide('pgUrl', process.env.LAUREL_TEST_PG_URL);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-pg-'));
  const run = (bin: string, args: string[]) => {
    const command = asRoot ? 'runuser' : postgresBin(bin);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', postgresBin(bin), ...args] : args;
    execFileSync(command, fullArgs, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    const command = asRoot ? 'runuser' : postgresBin('pg_ctl');
    const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
    spawnSync(command, asRoot ? ['-u', 'postgres', '--', postgresBin('pg_ctl'), ...args] : args, { stdio: 'pipe' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
