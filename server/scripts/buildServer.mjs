// Builds the server into plain JavaScript for `npm start` (issue 19): esbuild bundles server/main.ts, the CLI and
// the signing thread into dist-server/ (ES modules, Node 20); node_modules stay outside the bundle (npm ci
// installs them), except a few pure-ESM packages (BUNDLED_PACKAGES). Run with plain node:
// `node server/scripts/buildServer.mjs [--outdir <folder>] [--entry <name>=<file>]…` (the server tests build one
// bundle per run with a test server of their own as an extra entry: tests/server/compiledServerSetup.ts).
//
// Files the server reads at run time (JSON-LD contexts, fonts, locales) are found through `import.meta.url` in
// the module that reads them. In a bundle every module shares the bundle's URL, so each server module's
// `import.meta.url` is replaced by the URL of its source file, computed from the bundle's place: the reads keep
// finding the files where they are in the repository, wherever the bundle is written.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outIndex = process.argv.indexOf('--outdir');
const outdir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : path.join(root, 'dist-server'));
const extraEntries = Object.fromEntries(
  process.argv.flatMap((argument, index) => (process.argv[index - 1] === '--entry' ? [argument.split('=', 2)] : [])),
);

/** The signing thread's entry: in the bundle it is the compiled signingWorker.js, not the tsx loader. */
const WORKER_ENTRY = "new URL('./signingWorkerEntry.mjs', import.meta.url)";
const COMPILED_WORKER = "new URL('./signingWorker.js', import.meta.url)";
const KEEP = '__laurelBundleUrl__';

/** @type {import('esbuild').Plugin} */
const sourceUrls = {
  name: 'laurel-source-urls',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/](server|domain)[\\/].*\.ts$/ }, async (args) => {
      const fs = await import('node:fs/promises');
      let contents = await fs.readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return { contents, loader: 'ts' };
      contents = contents.replaceAll(WORKER_ENTRY, COMPILED_WORKER.replace('import.meta.url', KEEP));
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      contents = contents
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`)
        .replaceAll(KEEP, 'import.meta.url');
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Pure-ESM packages bundled into the server's files rather than loaded from node_modules one module at a time:
 * Node keeps a record, a resolution and a source string for each of their ~450 small modules (kysely alone has
 * 262), which held ~7 MB of heap and grew the young generation at start-up; bundled, an idle server holds 10–15 MB
 * less (issue 16 point 5). zod and fastify-type-provider-zod go together (one zod, one schema registry). Packages
 * with native parts, CommonJS or files of their own read at run time stay in node_modules.
 */
const BUNDLED_PACKAGES = new Set([
  'kysely',
  'zod',
  'fastify-type-provider-zod',
  'jose',
  'markdown-it',
  'mdurl',
  'uc.micro',
  'linkify-it',
  'entities',
  'punycode.js',
  'otpauth',
]);

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'laurel-external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/main.ts',
    laurel: 'server/cli/laurel.ts',
    signingWorker: 'server/services/credentials/signingWorker.ts',
    ...extraEntries,
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceUrls, externalPackages],
});
console.info(`server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
