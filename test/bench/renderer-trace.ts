// Main-thread tasks of the page's renderer from a Chromium trace. The long-task observer misses
// tasks the DevTools protocol starts (the harness delivers every core event that way), so the
// benchmark's "longest task" comes from here: every top-level task on the renderer's main thread.
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time; what `dur` would be had no other process taken the core. */
  tdur?: number;
  args?: { name?: string };
}

/** One main-thread task: wall-clock and CPU time (ms). On shared cores the two part ways. */
export interface TracedTask {
  wallMs: number;
  cpuMs: number;
}

/** The main-thread tasks of the busiest renderer while `fn` ran. */
export async function tracedTasks<T>(
  cdp: CDPSession,
  fn: () => Promise<T>,
): Promise<{ result: T; tasks: TracedTask[] }> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  // 'toplevel' alone keeps the tracer's own cost low: it records the tasks, not what is inside them.
  await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await fn();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
  const byThread = new Map<string, TracedTask[]>();
  const endOf = new Map<string, number>();
  const ran = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.dur !== undefined &&
      mainThreads.has(threadOf(e)),
  );
  for (const e of ran.sort((a, b) => a.ts - b.ts)) {
    const thread = threadOf(e);
    // A task run inside another (a nested run loop) is part of the outer one.
    if (e.ts < (endOf.get(thread) ?? 0)) continue;
    endOf.set(thread, e.ts + (e.dur ?? 0));
    const list = byThread.get(thread) ?? [];
    list.push({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 });
    byThread.set(thread, list);
  }
  const sum = (xs: TracedTask[]) => xs.reduce((a, b) => a + b.wallMs, 0);
  // Other renderers (Chromium's own pages) stay idle; the app's main thread is the busy one.
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return { result, tasks };
}
