import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the size of the write-ahead log is looked at. */
const CHECK_EVERY_MS = 1000;
/** A log past this size is copied back into the database file (SQLite's own default: 1,000 pages of 4 KB). */
const CHECKPOINT_FROM_BYTES = 4 * 1024 * 1024;

// The thread's whole code: a connection of its own that copies the log back when asked. A PASSIVE checkpoint
// never waits for the server's writer or readers; what it cannot copy yet is copied at a later call.
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
// the lowest priority for this thread alone (Linux names a thread's id in /proc/thread-self): copying the log
// back can wait; the server's own thread and the signing threads cannot
try {
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (threadId > 0) require('node:os').setPriority(threadId, 19);
} catch (error) { /* not Linux: the default priority */ }
db.pragma('busy_timeout = 1000');
parentPort.on('message', () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { /* busy: the next call copies it */ }
  parentPort.postMessage('done');
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints of the SQLite write-ahead log, off the main thread (issue 16: nothing holds the event loop over
 * 50 ms). SQLite's automatic checkpoint runs inside the COMMIT that passes 1,000 pages, on the writer connection:
 * after a 10,000-row publish that commit held the server's only thread 40–75 ms copying the log back and syncing
 * the file. The writer's automatic checkpoint is turned off (`wal_autocheckpoint = 0`, set by the caller) and this
 * watcher looks at the log's size every second; past 4 MB a thread of its own, started for that one call and ended
 * after it, runs a PASSIVE checkpoint on its own connection at the lowest priority. The last connection's close
 * still checkpoints everything.
 */
export function startWalCheckpointer(databaseFile: string): WalCheckpointer {
  const walFile = `${databaseFile}-wal`;
  let thread: Worker | null = null;
  let busy = false;
  let stopped = false;

  const checkpoint = () => {
    if (!thread) {
      thread = new Worker(THREAD_CODE, {
        eval: true,
        workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: databaseFile },
      });
      thread.unref();
      // the thread ends once the log is copied (its isolate is memory the server's pages need more)
      thread.on('message', () => {
        const done = thread;
        thread = null;
        busy = false;
        void done?.terminate();
      });
      // a thread that failed (the file gone, no memory) is started again at the next need
      thread.on('error', () => {
        thread = null;
        busy = false;
      });
    }
    busy = true;
    thread.postMessage('checkpoint');
  };

  const timer = setInterval(() => {
    if (busy || stopped) return;
    fs.stat(walFile, (error, stats) => {
      if (!error && !stopped && !busy && stats.size > CHECKPOINT_FROM_BYTES) checkpoint();
    });
  }, CHECK_EVERY_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      const running = thread;
      thread = null;
      if (running) await running.terminate();
    },
  };
}
