import { buildApp, type LaurelApp } from './app';
import type { Config } from './config';
import { drainRequests, installProcessSafetyNet } from './processSafetyNet';

/** How long a stop waits for the requests in flight before closing anyway. */
const REQUEST_DRAIN_LIMIT_MS = 30_000;

/**
 * Runs the server process (server/main.ts, every role): builds the app, listens, and stops gracefully on SIGINT or
 * SIGTERM (status 0) and on a fault that leaves the process unsafe (status 1, server/processSafetyNet.ts).
 * `beforeListen` adds to the app before it listens (the safety net's child-process test adds routes that fail).
 */
export async function runServer(
  config: Config,
  options: { beforeListen?: (app: LaurelApp) => void } = {},
): Promise<LaurelApp> {
  const app = await buildApp(config);
  options.beforeListen?.(app);
  await app.listen({ port: config.port, host: config.host });

  const mailNote = config.smtpUrl
    ? 'the sign-in link is sent by email'
    : 'no SMTP_URL is set, so the sign-in link is printed in this log';
  console.info(`\nLaurel is running at ${config.publicUrl}`);
  console.info(`Sign in as ${config.adminEmail}: ${mailNote}.\n`);

  // Graceful stop: readiness answers 503 and new requests 503 with a Retry-After while those in flight finish
  // (REQUEST_DRAIN_LIMIT_MS at most); then the listener closes, the running job finishes within
  // JOB_STOP_GRACE_SECONDS or is released to another worker, and the database pool closes. A second signal ends
  // the process at once (a job it held is taken up again when its lease lapses), and so does a stop that outlasts
  // all of that by ten seconds.
  let closing = false;
  const stop = (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    const deadline = setTimeout(
      () => {
        app.log.error({ reason }, 'shutdown took too long: exiting now');
        process.exit(1);
      },
      REQUEST_DRAIN_LIMIT_MS + config.jobStopGraceSeconds * 1000 + 10_000,
    );
    deadline.unref();
    drainRequests(REQUEST_DRAIN_LIMIT_MS)
      .then(() => app.close())
      .then(
        () => process.exit(exitCode),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) process.exit(1);
      stop(signal, 0);
    });
  }
  installProcessSafetyNet({ log: app.log, stop: () => stop('a fault left the process unsafe', 1) });
  return app;
}
