import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messagesOfArea } from './src/i18n/messageAreas';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|woff)$/;

/** Writes a .br and a .gz twin of every compressible file, served by the server as they are (no work per request). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'laurel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // a worker's sub-build closes before the output folder exists
      if (!fs.existsSync(outDir)) return;
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * `locales/en.json?area=signIn` is the part of a locale file that the sign-in screens use, `?area=signedIn` the
 * rest (src/i18n/messageAreas.ts): two chunks, so that the sign-in screen loads only its own messages.
 */
export function localeAreas(): Plugin {
  return {
    name: 'laurel-locale-areas',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      const area = new URLSearchParams(query ?? '').get('area');
      if (!file.endsWith('.json') || (area !== 'signIn' && area !== 'signedIn')) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(messagesOfArea(messages, area))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), localeAreas(), precompress()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
