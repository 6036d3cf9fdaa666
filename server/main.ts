import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';

// Issue 16 point 6: V8 lets the old generation grow to up to four times what survived its last full collection
// before collecting again, so a 100,000-row publication left 100-200 MB of garbage resident (560 MB in all). At
// 1.5 times the server stays under 500 MB with no measurable cost (docs/performance.md); the signing threads too.
v8.setFlagsFromString('--heap-growing-percent=50');

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const mailNote = config.smtpUrl
  ? 'the sign-in link is sent by email'
  : 'no SMTP_URL is set, so the sign-in link is printed in this log';
console.info(`\nLaurel is running at ${config.publicUrl}`);
console.info(`Sign in as ${config.adminEmail}: ${mailNote}.\n`);

// Graceful shutdown: no new requests (in-flight ones finish), the running job finishes within
// JOB_STOP_GRACE_SECONDS or is released to another worker, then the database pool closes. A second signal ends
// the process at once (a job it held is taken up again when its lease lapses).
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
