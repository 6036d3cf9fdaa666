import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const mailNote = config.smtpUrl
  ? 'the sign-in link is sent by email'
  : 'no SMTP_URL is set, so the sign-in link is printed in this log';
console.info(`\nLaurel is running at ${config.publicUrl}`);
console.info(`Sign in as ${config.adminEmail}: ${mailNote}.\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
