import { describe, expect, it } from 'vitest';
import { LoadGuard } from './useReportLoader';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('load guard', () => {
  it('never runs two loads at once, runs the latest request after, and drops polls made meanwhile', async () => {
    const guard = new LoadGuard();
    const started: string[] = [];
    const first = deferred();
    const running = guard.run(async () => {
      started.push('first');
      await first.promise;
    });
    expect(guard.busy).toBe(true);
    void guard.run(async () => void started.push('poll'), { queue: false });
    void guard.run(async () => void started.push('older view'));
    void guard.run(async () => void started.push('latest view'));
    expect(started).toEqual(['first']);
    first.resolve();
    await running;
    expect(started).toEqual(['first', 'latest view']);
    expect(guard.busy).toBe(false);
  });

  it('frees itself when a load fails', async () => {
    const guard = new LoadGuard();
    await expect(guard.run(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const ran: string[] = [];
    await guard.run(async () => void ran.push('next'));
    expect(ran).toEqual(['next']);
  });
});
