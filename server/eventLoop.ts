import { performance } from 'node:perf_hooks';

/**
 * Long work on the main thread is cut into slices (issue 16: nothing holds the event loop over 50 ms). `cooperate()`
 * is called between small steps of such work — each SQLite statement (server/db/sqliteDriver.ts), each credential
 * signed on the main thread — and yields to the event loop (setImmediate, so waiting I/O is served first) once the
 * current slice has run longer than SLICE_MS. A slice starts again whenever the event loop has turned, whoever
 * made it turn.
 */
const SLICE_MS = 8;

let sliceStart = 0;
let sliceMarked = false;

function startSlice(now: number): void {
  sliceMarked = true;
  sliceStart = now;
  // runs at the end of this turn of the event loop: the next step after it starts a new slice
  setImmediate(() => {
    sliceMarked = false;
  });
}

/**
 * Whether the current slice has run longer than SLICE_MS, so the caller must yield (`await yieldNow()`) before its
 * next step. For hot paths that would rather not make a promise when no yield is due; others call `cooperate()`.
 */
export function sliceOver(): boolean {
  const now = performance.now();
  if (!sliceMarked) {
    startSlice(now);
    return false;
  }
  return now - sliceStart >= SLICE_MS;
}

/** Yields to the event loop when the current slice has run longer than SLICE_MS. */
export async function cooperate(): Promise<void> {
  if (sliceOver()) await yieldNow();
}

/**
 * Yields to the event loop whatever the slice: for work that follows a long step this turn could not measure (a
 * large request body parsed before the handler ran).
 */
export async function yieldNow(): Promise<void> {
  // twice: called from an I/O callback, a first setImmediate runs in the same turn, before the loop polls for I/O
  await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  startSlice(performance.now());
}
