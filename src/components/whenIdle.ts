/**
 * Runs `callback` when the browser is next idle (requestIdleCallback; a short timeout where there is none, as in
 * jsdom), at the latest after `timeoutMs`. Returns what cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(id);
}
