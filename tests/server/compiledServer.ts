import path from 'node:path';
import { inject } from 'vitest';

/** A file of the server compiled once for the run (tests/server/compiledServerSetup.ts): `main.js`, `laurel.js`, … */
export function compiledServerFile(name: 'main' | 'laurel' | 'faultyServer' | 'loadedPackages'): string {
  return path.join(inject('compiledServer'), `${name}.js`);
}
