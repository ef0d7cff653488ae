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
  args?: { name?: string };
}

/** Durations (ms) of the main-thread tasks of the busiest renderer while `fn` ran. */
export async function tracedTasks<T>(cdp: CDPSession, fn: () => Promise<T>): Promise<{ result: T; tasks: number[] }> {
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
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf));
  const byThread = new Map<string, number[]>();
  const endOf = new Map<string, number>();
  const ran = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined && mainThreads.has(threadOf(e)));
  for (const e of ran.sort((a, b) => a.ts - b.ts)) {
    const thread = threadOf(e);
    // A task run inside another (a nested run loop) is part of the outer one.
    if (e.ts < (endOf.get(thread) ?? 0)) continue;
    endOf.set(thread, e.ts + (e.dur ?? 0));
    const list = byThread.get(thread) ?? [];
    list.push((e.dur ?? 0) / 1000);
    byThread.set(thread, list);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  // Other renderers (Chromium's own pages) stay idle; the app's main thread is the busy one.
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return { result, tasks };
}
