import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/config';
import { runServer } from '../../server/serverProcess';

/**
 * The server process exactly as server/main.ts runs it, plus routes that leave behind the faults the safety net
 * catches (tests/server/processSafetyNet.test.ts runs it compiled, tests/server/compiledServerSetup.ts). Test code
 * only: the server never imports it, so production has no way to provoke a fault.
 */
const FLOATING_JOB = 'test.floating-rejection';

/** The shape of issue 27: a promise started, then another await; nobody ever awaits the first one's rejection. */
async function leaveARejectionBehind(message: string): Promise<void> {
  void (async () => {
    await sleep(5);
    throw new Error(message);
  })();
  await sleep(20);
}

await runServer(loadConfig(), {
  beforeListen(app) {
    app.laurel.jobs.register(FLOATING_JOB, () => leaveARejectionBehind('left unhandled by a background job'));
    app.get('/test/unhandled-rejection', async () => {
      await leaveARejectionBehind('left unhandled by a request');
      return { ok: true };
    });
    app.get('/test/uncaught-exception', async () => {
      setImmediate(() => {
        throw new Error('thrown outside any promise by a request');
      });
      return { ok: true };
    });
    app.post('/test/job', async () => {
      const id = await app.laurel.jobs.enqueue(app.laurel.db, FLOATING_JOB, {});
      app.laurel.jobs.wake();
      return { id };
    });
    // a request that stays in flight as long as the test takes to send its body
    app.post('/test/echo', async (request) => ({ echo: request.body }));
  },
});
