// Timing helpers for the TypeScript benchmarks: the median of several runs, in milliseconds.
import { performance } from 'node:perf_hooks';

export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `fn` `runs` times (awaiting each) and returns the median duration in ms. */
export async function time(runs: number, fn: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}
