import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house's floors (issue 29): a file may import files of its own floor or of a floor below, never one above, and
 * no files may import each other in a circle. Tests are not rooms of the house and are not read.
 *
 * domain/ is the ground both sides stand on; the web app and the server never import each other.
 * The web app, bottom to top: i18n and the session's token; the data provider (the only HTTP); the auth provider;
 * shared components and the workers; the resources, one folder per business area; the pages with no resource; the
 * signed-in shell; App.tsx and main.tsx.
 * The server, bottom to top: the small modules everyone uses (errors, config, i18n…, and settings/: what config.ts
 * reads from the environment and files, such as the credentials key, webhooks' and S3's settings); db/;
 * repositories/ (all SQL); ports/ (the contracts of the app's services that context.ts names: the job queue, the
 * mailer, the file store, the ledger chain, the preview tokens; types only, their implementations are services that
 * import them); auth/; context.ts (the app's services, by type); services/; routes/; app.ts; the processes and
 * scripts.
 */
const FLOORS: string[][] = [
  ['domain/'],
  ['src/i18n/', 'src/session/'],
  ['src/dataProvider/'],
  ['src/authProvider/'],
  ['src/components/', 'src/workers/'],
  ['src/resources/'],
  ['src/custom-pages/'],
  ['src/layout/'],
  ['src/App.tsx', 'src/main.tsx'],
  [
    'server/errors.ts',
    'server/eventLoop.ts',
    'server/i18n.ts',
    'server/processSafetyNet.ts',
    'server/slicedJson.ts',
    'server/security/',
    'server/settings/',
    'server/config.ts',
  ],
  ['server/db/'],
  ['server/repositories/'],
  ['server/ports/'],
  ['server/auth/'],
  ['server/context.ts'],
  ['server/services/'],
  ['server/routes/', 'server/routeTable.ts', 'server/webApp.ts'],
  ['server/app.ts'],
  ['server/serverProcess.ts', 'server/main.ts', 'server/cli/', 'server/scripts/'],
];

/**
 * What the server still does against the rules (issue 29: the server's own helpers fix these); the list may only
 * shrink, and the test fails when an entry no longer happens, so that it is struck from here.
 */
const KNOWN_SERVER_CLIMBS: string[] = [];
const KNOWN_SERVER_CIRCLES: string[] = [];

const ROOT = path.resolve(__dirname, '../..');
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const NOT_A_ROOM = /\.test\.tsx?$/;

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !NOT_A_ROOM.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const files = ['domain', 'src', 'server'].flatMap(filesUnder);
const known = new Set(files);

/** The file a relative specifier names (bundler resolution: no extension, or a folder's index). */
function resolve(from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.split('?')[0]));
  const candidates = [base, ...['.ts', '.tsx', '.d.ts', '.js'].flatMap((ext) => [base + ext, `${base}/index${ext}`])];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Every import of the file: static, dynamic and re-exports (a worker started from a URL is no import). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(file, specifier))
    .filter((target): target is string => target !== null);
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

function floorOf(file: string): number {
  const floor = FLOORS.findIndex((parts) =>
    parts.some((part) => (part.endsWith('/') ? file.startsWith(part) : file === part)),
  );
  if (floor < 0) throw new Error(`${file} stands on no floor: add it to FLOORS`);
  return floor;
}

const side = (file: string) => file.split('/')[0];

function climbs(): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph)
    for (const target of targets) {
      const crossesSides = side(file) !== side(target) && side(target) !== 'domain';
      if (crossesSides || floorOf(target) > floorOf(file)) found.push(`${file} -> ${target}`);
    }
  return found.sort();
}

/** Tarjan's strongly connected components of more than one file. */
function circles(): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort().join(', '));
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found.sort();
}

describe('the import graph', () => {
  it('reads the house', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(graph.get('src/App.tsx')?.length).toBeGreaterThan(5);
  });

  it('has every file on a floor', () => {
    for (const file of files) expect(() => floorOf(file)).not.toThrow();
  });

  it('has no import that climbs back up a floor, in the web app, in domain/ or between the sides', () => {
    expect(climbs().filter((climb) => !climb.startsWith('server/'))).toEqual([]);
  });

  it('has no climb in the server but the known ones, which its helpers remove (strike them here when they go)', () => {
    expect(climbs().filter((climb) => climb.startsWith('server/'))).toEqual(KNOWN_SERVER_CLIMBS);
  });

  it('has no circle in the web app or domain/', () => {
    expect(circles().filter((circle) => !circle.startsWith('server/'))).toEqual([]);
  });

  it('has no circle in the server but the known ones', () => {
    expect(circles().filter((circle) => circle.startsWith('server/'))).toEqual(KNOWN_SERVER_CIRCLES);
  });
});
