#!/usr/bin/env node
/**
 * Builds better-sqlite3's native module when it is missing (`npm run build:sqlite`, the first step of `npm test`).
 * `.ci/run` installs with `--ignore-scripts`, so that compiling SQLite (about 130 s on one core, a single C file)
 * runs beside npm test's checks, none of which load it, instead of alone at the end of `npm ci`. After an ordinary
 * `npm install` the module is already built and this does nothing.
 */
import { spawnSync } from 'node:child_process';

/** Whether better-sqlite3 opens a database, asked of a fresh process (a failed native load is not retried in one). */
function opens() {
  const probe = "const Database = require('better-sqlite3'); new Database(':memory:').close();";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

if (opens()) process.exit(0);
const started = Date.now();
console.info('better-sqlite3: building its native module (npm rebuild better-sqlite3)');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['rebuild', 'better-sqlite3', '--foreground-scripts'], { stdio: 'inherit' });
if (build.status !== 0 || !opens()) {
  console.error('better-sqlite3: the native build failed (a C++ compiler, make and python3 are needed)');
  process.exit(1);
}
console.info(`better-sqlite3: built in ${Math.round((Date.now() - started) / 1000)} s`);
