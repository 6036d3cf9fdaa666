import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cooperate, yieldNow } from '../../server/eventLoop';

/** Runs `work` from an I/O callback (the poll phase of the event loop), as a request handler or a query's answer. */
function fromIoCallback(work: () => Promise<string[]>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fs.stat(import.meta.filename, () => {
      work().then(resolve, reject);
    });
  });
}

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('yielding to the event loop', () => {
  it('goes round the loop before resuming, also when called from an I/O callback', async () => {
    const order = await fromIoCallback(async () => {
      const seen: string[] = [];
      setTimeout(() => seen.push('timer'), 0);
      busyWait(5); // the timer is due: only a turn of the loop lets it run
      await yieldNow();
      seen.push('resumed');
      return seen;
    });
    // a single setImmediate from the poll phase runs before the loop turns (timers, then the poll for I/O)
    expect(order).toEqual(['timer', 'resumed']);
  });

  it('lets a due timer run once a slice has lasted past its time', async () => {
    const order = await fromIoCallback(async () => {
      const seen: string[] = [];
      await cooperate(); // starts a slice
      setTimeout(() => seen.push('timer'), 0);
      busyWait(20);
      await cooperate();
      seen.push('resumed');
      return seen;
    });
    expect(order).toEqual(['timer', 'resumed']);
  });
});
