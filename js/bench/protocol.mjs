// The timing protocol both benchmarks (native.mjs, dropin.mjs) follow (docs/performance.md,
// "JavaScript"): CPU time of the whole process, medians, and the event loop turned between
// timed runs.

/** CPU seconds (user + system) of `work()`: every thread of the process, the engine's
 * compiler and collector threads included. */
export function cpuSeconds(work) {
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

/** The median of `values`. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Between timed runs, never timed: turns the event loop, so that finalizers run, and under
 * `--expose-gc` collects. A program's event loop turns all the time (every `await fetch`); a
 * benchmark's synchronous rounds would otherwise leave the parsed files one round forgot (the
 * drop-in's: robots-parser's API has no `free`) to the next, and V8 with many objects waiting
 * for their finalizers runs everything several times slower (docs/javascript.md, "Memory").
 */
export async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc?.();
  await new Promise((resolve) => setImmediate(resolve));
}
