// The public-page baseline of bench/publicPageBench.ts: a bare Fastify server doing the same lookup as the
// certificate page (one certificate by its key, through better-sqlite3 with a prepared statement) and answering a
// page of the same size. Plain JavaScript, run with node, so its memory is that of Fastify and SQLite alone.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const { DATA_DIR, PORT, PAGE_FILE } = process.env;
const page = fs.readFileSync(PAGE_FILE, 'utf8');
const db = new Database(path.join(DATA_DIR, 'laurel.db'), { readonly: true });
const byKey = db.prepare('select * from certificates where key = ?');
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
app.get('/certificate/:key', async (request, reply) => {
  const certificate = byKey.get(request.params.key);
  if (!certificate) return reply.code(404).send('not found');
  return reply.type('text/html; charset=utf-8').send(page);
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.send?.('ready');
