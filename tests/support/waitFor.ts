/**
 * Asks `probe` until it answers something, every `everyMs`; fails after `ms` naming `what` (a function: what it
 * says at that moment, e.g. what is still missing).
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => Promise<T | null | undefined | false>,
  ms: number,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
