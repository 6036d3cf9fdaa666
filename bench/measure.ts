import { performance } from 'node:perf_hooks';

/** Median and 95th percentile of `runs` timings of fn, after `warmup` untimed runs (milliseconds). */
export async function measure(fn: () => unknown, runs = 7, warmup = 2): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
  };
}

export function report(name: string, ours: { median: number }, baseline: { median: number }, target: string): void {
  const ratio = ours.median / baseline.median;
  console.info(
    `${name}: ours ${ours.median.toFixed(1)} ms, baseline ${baseline.median.toFixed(1)} ms, ratio ${ratio.toFixed(2)} (target ${target})`,
  );
}
