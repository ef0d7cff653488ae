// Measuring instruments for the window benchmark, run inside the page: the long-task observer
// (an init script, so the app's CSP does not apply), a timer around the bridge's invoke binding
// with a switch to a same-origin fetch transport, in-page open timing, and the renderer's
// main-thread counters read through the DevTools protocol.
import type { CDPSession, Page } from 'playwright-core';

/**
 * How invokes reach the core. 'binding' is the harness's Playwright binding: its cost grows
 * steeply with the answer (a 3 MB conversation spends most of a second in the renderer's main
 * thread just receiving it), which Electron's IPC does not. 'fetch' posts to `/__bench/invoke` on
 * the page's own origin, answered by `routeInvokes`: the answer arrives off the main thread and is
 * parsed there once, much as Electron's structured clone is.
 */
export type Transport = 'binding' | 'fetch';

/** The path `routeInvokes` answers; same-origin, so the app's CSP lets the page post to it. */
const INVOKE_PATH = '/__bench/invoke';

/** What the page records for the benchmark (on `window.__bench`). */
interface BenchGlobals {
  __bench: {
    longTasks: number[];
    invokes: { channel: string; ms: number }[];
    transport: Transport;
  };
  __lenaInvoke(channel: string, args: unknown): Promise<unknown>;
}

/**
 * Installed before the app's scripts: counts long tasks, and times every invoke round trip (over
 * the transport chosen), so an open splits into "the answer arrived" and "the window drew it".
 */
export function installProbes(): void {
  const w = window as unknown as BenchGlobals;
  w.__bench = { longTasks: [], invokes: [], transport: 'binding' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const viaFetch = async (channel: string, args: unknown) => {
    // INVOKE_PATH, spelled out: this function is serialised into the page without its module.
    const res = await fetch('/__bench/invoke', {
      method: 'POST',
      body: JSON.stringify({ channel, args: args ?? null }),
    });
    return res.json() as Promise<unknown>;
  };
  // The binding may be installed after init scripts run: wrap whatever is assigned, on first use.
  let wrapped: BenchGlobals['__lenaInvoke'] | null = null;
  const wrap =
    (inner: BenchGlobals['__lenaInvoke']): BenchGlobals['__lenaInvoke'] =>
    async (channel, args) => {
      const start = performance.now();
      try {
        return await (w.__bench.transport === 'fetch'
          ? viaFetch(channel, args)
          : inner(channel, args));
      } finally {
        w.__bench.invokes.push({ channel, ms: performance.now() - start });
      }
    };
  let current: BenchGlobals['__lenaInvoke'] | undefined = w.__lenaInvoke;
  Object.defineProperty(window, '__lenaInvoke', {
    configurable: true,
    get: () => (current ? (wrapped ??= wrap(current)) : undefined),
    set: (fn: BenchGlobals['__lenaInvoke']) => {
      current = fn;
      wrapped = null;
    },
  });
}

/** Answers the page's fetch transport with `dispatch` (the host's, as the binding would). */
export async function routeInvokes(
  page: Page,
  dispatch: (channel: string, args: unknown) => Promise<unknown>,
): Promise<void> {
  await page.route(`**${INVOKE_PATH}`, async (route) => {
    const { channel, args } = route.request().postDataJSON() as { channel: string; args: unknown };
    await route.fulfill({ json: await dispatch(channel, args ?? undefined) });
  });
}

/** Chooses how the page's invokes travel from now on. */
export function setTransport(page: Page, transport: Transport): Promise<void> {
  return page.evaluate((t) => {
    (window as unknown as BenchGlobals).__bench.transport = t;
  }, transport);
}

/** Empties the page's long-task and invoke records. */
export function resetProbes(page: Page): Promise<void> {
  return page.evaluate(() => {
    const b = (window as unknown as BenchGlobals).__bench;
    b.longTasks = [];
    b.invokes = [];
  });
}

/** Long tasks (ms) and invoke round trips recorded since the last reset. */
export function readProbes(page: Page): Promise<BenchGlobals['__bench']> {
  return page.evaluate(() => (window as unknown as BenchGlobals).__bench);
}

/** One open: from the click to the frame in which the conversation's last message is on screen. */
export interface OpenSample {
  /** Click → last message rendered (ms, the page's clock). */
  totalMs: number;
  /** The `conversations:get` round trip inside it (core + transport, answer parsed in the page). */
  fetchMs: number;
  /** What is left: the window turning the answer into the rendered list. */
  windowMs: number;
}

/** Clicks the conversation titled `title` in the sidebar; resolves when `lastText` is on screen. */
export async function openConversation(
  page: Page,
  title: string,
  lastText: string,
): Promise<OpenSample> {
  await resetProbes(page);
  const totalMs = await page.evaluate(
    ([t, last]) =>
      new Promise<number>((resolve, reject) => {
        const button = Array.from(
          document.querySelectorAll<HTMLButtonElement>('.conversation-open'),
        ).find((b) => b.textContent === t);
        if (!button) return reject(new Error(`No conversation titled ${t} in the sidebar`));
        const start = performance.now();
        button.click();
        const check = () => {
          const rows = Array.from(document.querySelectorAll('.virtual-row'));
          const shown = rows.some(
            (r) => r.textContent?.includes(last) && r.getBoundingClientRect().height > 0,
          );
          if (shown) resolve(performance.now() - start);
          else if (performance.now() - start > 60_000)
            reject(new Error(`${t} did not show "${last}" within 60 s`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [title, lastText] as const,
  );
  const { invokes } = await readProbes(page);
  const fetchMs = invokes
    .filter((i) => i.channel === 'conversations:get')
    .reduce((sum, i) => sum + i.ms, 0);
  return { totalMs, fetchMs, windowMs: totalMs - fetchMs };
}

/** The renderer's main-thread counters (ms): all tasks, script, layout, style. */
export interface MainThread {
  task: number;
  script: number;
  layout: number;
  style: number;
}

export async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    layout: get('LayoutDuration'),
    style: get('RecalcStyleDuration'),
  };
}

export function mainThreadSince(before: MainThread, after: MainThread): MainThread {
  return {
    task: after.task - before.task,
    script: after.script - before.script,
    layout: after.layout - before.layout,
    style: after.style - before.style,
  };
}
