// The window in Chromium (issue 7 benchmark), with the real renderer bound to the real core as in
// the end-to-end tests: time to open a conversation of 100 and of 10,000 messages, and main-thread
// time per streamed text delta while a real turn streams 200 deltas/s from the scripted Messages
// API into each. Rounds are interleaved and reported as medians; the goals (10,000 within 2× of
// 100 to open, within 1.5× per delta, no long task over 50 ms) are reported, never asserted.
//
// The harness carries invokes through a Playwright binding, whose cost for a 3 MB answer dwarfs
// Electron's IPC; so opens are measured over a same-origin fetch transport (the answer parsed once
// in the page, like a structured clone) and, for reference, over the binding, each split into the
// core's time, the transport and the window's own part. A stream's per-delta time is shown beside
// the harness's own event delivery (as many deltas for a conversation that is not open).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatEvent } from '../../shared/chat/events';
import { reply, startMessagesApiServer, text } from '../fixtures/messages-api';
import {
  installProbes,
  mainThread,
  mainThreadSince,
  openConversation,
  readProbes,
  resetProbes,
  routeInvokes,
  setTransport,
  type MainThread,
  type OpenSample,
  type Transport,
} from './renderer-probes';
import { tracedTasks } from './renderer-trace';
import { median } from './timing';
import { QUICK, sized, skipBench, writeBenchReport } from './quick.mjs';
import { skipReasonText, skipWhen } from '../skip-reasons';

const root = process.env.LENA_ROOT ?? process.cwd();
// The harness finds the renderer and its bridge from __dirname, which this ESM bundle lacks.
(globalThis as { __dirname?: string }).__dirname = join(root, 'test/e2e');
const { openApp } = await import('../e2e/harness');
const { seedConversation } = await import('../e2e/helpers/seed');

// Quick pass: one open and one streamed turn of 40 deltas per size.
const OPEN_ROUNDS = Number(process.env.LENA_BENCH_OPEN_ROUNDS ?? sized(7, 1));
const STREAM_ROUNDS = Number(process.env.LENA_BENCH_STREAM_ROUNDS ?? sized(3, 1));
const RATE = 200;
// The fixture sleeps this long between events; a timer fires a little late, so 4 ms lands near RATE.
const PAUSE_MS = 1000 / RATE - 1;
const DELTAS = sized(800, 40);
const CHUNK = 8;
const SIZES = [100, 10_000] as const;
type Size = (typeof SIZES)[number];
const titleOf = (size: Size) => `${size} messages`;
const GOALS = { openRatio: 2, deltaRatio: 1.5, longestTaskMs: 50 };

type OpenRecord = OpenSample & { coreMs: number };
interface StreamSample {
  deltas: number;
  seconds: number;
  mainThread: MainThread;
  perDeltaMs: number;
  /** The harness's delivery alone: as many deltas at the same rate for a conversation not open. */
  floorPerDeltaMs: number;
  longestTaskMs: number;
  tasksOver50: number;
  /** The same by the main thread's CPU time: what the window cost, whatever else ran on the cores. */
  longestTaskCpuMs: number;
  tasksOver50Cpu: number;
  observedLongTasks: number[];
}

/**
 * An answer of `DELTAS` chunks of `CHUNK` characters (the fixture splits text every `CHUNK`) shaped
 * like Claude's: paragraphs, a list and a code block between blank lines; it ends in `marker`.
 */
function streamedText(marker: string): string {
  const sentence = 'The quick brown fox jumps over the lazy dog while Lena streams the answer. ';
  const blocks = [
    sentence.repeat(4).trim(),
    `- ${sentence.trim()}\n- ${sentence.trim()}\n- ${sentence.trim()}`,
    sentence.repeat(3).trim(),
    '```ts\nconst answer = await stream(question);\nconsole.log(answer.text);\n```',
  ];
  let body = '';
  for (let i = 0; body.length < DELTAS * CHUNK; i++) body += `${blocks[i % blocks.length]}\n\n`;
  return `${body.slice(0, DELTAS * CHUNK - marker.length - 2)}\n\n${marker}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const med = (xs: number[]) => (xs.length ? median(xs) : NaN);

async function main(): Promise<void> {
  if (skipWhen('no-browser')) {
    skipBench('renderer', skipReasonText('no-browser'));
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'lena-bench-renderer-'));
  const ids = new Map<Size, string>(SIZES.map((n) => [n, seedConversation(home, titleOf(n), n)]));
  const lastText = new Map<Size, string>(SIZES.map((n) => [n, `Message ${n} of the conversation`]));
  const api = await startMessagesApiServer();
  const env = {
    ...process.env,
    ANTHROPIC_API_KEY: 'sk-ant-bench-0123456789',
    ANTHROPIC_BASE_URL: api.url,
  };
  const app = await openApp({ home, env });
  try {
    const { page, host } = app;
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.addInitScript(installProbes);
    // As the binding does: the call names its window, so its conversation's events reach it.
    await routeInvokes(page, (channel, args) =>
      host.dispatch(channel, args, { senderUrl: app.url, viewId: app.windowId(page) }),
    );
    await page.reload();
    await page
      .getByRole('button', { name: titleOf(10_000), exact: true })
      .waitFor({ timeout: 30_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    // The core's share of an open: the handler's time under Node, around the harness's dispatch.
    const coreTimes: number[] = [];
    const dispatch = host.dispatch;
    host.dispatch = async (channel, args, context) => {
      const start = performance.now();
      try {
        return await dispatch(channel, args, context);
      } finally {
        if (channel === 'conversations:get') coreTimes.push(performance.now() - start);
      }
    };

    // Opens, interleaved so a noisy moment on the shared cores hits both sizes and transports alike.
    const TRANSPORTS: Transport[] = ['fetch', 'binding'];
    const opens = new Map<string, OpenRecord[]>();
    const open = async (n: Size) => {
      coreTimes.length = 0;
      const sample = await openConversation(page, titleOf(n), lastText.get(n) ?? '');
      return { ...sample, coreMs: coreTimes.reduce((a, b) => a + b, 0) };
    };
    for (let round = 0; round < OPEN_ROUNDS; round++) {
      for (const transport of TRANSPORTS) {
        await setTransport(page, transport);
        for (const n of SIZES)
          opens.set(`${transport} ${n}`, [
            ...(opens.get(`${transport} ${n}`) ?? []),
            await open(n),
          ]);
      }
    }
    await setTransport(page, 'fetch');

    // Streaming: a real turn through the composer, the core and the scripted API, paced at RATE.
    let deltasSeen = 0;
    let streamingInto = '';
    const unforward = host.events.forward((event, payload) => {
      const e = payload as ChatEvent;
      if (
        event === 'chat:progressed' &&
        e.type === 'text-delta' &&
        e.conversationId === streamingInto
      )
        deltasSeen++;
    });
    const floor = async (): Promise<number> => {
      const before = await mainThread(cdp);
      for (let i = 0; i < DELTAS; i++) {
        host.events.emit('chat:progressed', {
          type: 'text-delta',
          conversationId: 'bench-not-open',
          messageId: 'none',
          index: 0,
          text: 'word ',
        });
        await sleep(PAUSE_MS);
      }
      await sleep(300);
      return mainThreadSince(before, await mainThread(cdp)).task / DELTAS;
    };
    const streams = new Map<Size, StreamSample[]>(SIZES.map((n) => [n, []]));
    const stream = async (n: Size, round: number): Promise<StreamSample> => {
      await openConversation(page, titleOf(n), lastText.get(n) ?? '');
      const floorPerDeltaMs = await floor();
      const marker = `End of streamed answer ${round}-${n}.`;
      api.push(reply(text(streamedText(marker), CHUNK), { delayMs: PAUSE_MS }));
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(`Stream round ${round}, please`);
      await sleep(300);
      streamingInto = ids.get(n) ?? '';
      deltasSeen = 0;
      await resetProbes(page);
      const before = await mainThread(cdp);
      const { result: seconds, tasks } = await tracedTasks(cdp, async () => {
        const t0 = performance.now();
        await box.press('Enter');
        await page.waitForFunction(
          (m) =>
            Array.from(
              document.querySelectorAll('.message.assistant[data-status="complete"]'),
            ).some((el) => el.textContent?.includes(m)),
          marker,
          { polling: 200, timeout: 120_000 },
        );
        const elapsed = (performance.now() - t0) / 1000;
        await sleep(300);
        return elapsed;
      });
      const spent = mainThreadSince(before, await mainThread(cdp));
      lastText.set(n, marker);
      const deltas = Math.max(1, deltasSeen);
      return {
        deltas,
        seconds,
        mainThread: spent,
        perDeltaMs: spent.task / deltas,
        floorPerDeltaMs,
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.wallMs)),
        tasksOver50: tasks.filter((t) => t.wallMs > GOALS.longestTaskMs).length,
        longestTaskCpuMs: Math.max(0, ...tasks.map((t) => t.cpuMs)),
        tasksOver50Cpu: tasks.filter((t) => t.cpuMs > GOALS.longestTaskMs).length,
        observedLongTasks: (await readProbes(page)).longTasks,
      };
    };
    for (let round = 0; round < STREAM_ROUNDS; round++)
      for (const n of SIZES) streams.get(n)?.push(await stream(n, round));
    unforward();
    host.dispatch = dispatch;

    const summary = (n: Size) => {
      const o = opens.get(`fetch ${n}`) ?? [];
      const b = opens.get(`binding ${n}`) ?? [];
      const st = streams.get(n) ?? [];
      return {
        openMs: med(o.map((x) => x.totalMs)),
        openFetchMs: med(o.map((x) => x.fetchMs)),
        openCoreMs: med(o.map((x) => x.coreMs)),
        openWindowMs: med(o.map((x) => x.windowMs)),
        openBindingMs: med(b.map((x) => x.totalMs)),
        openBindingFetchMs: med(b.map((x) => x.fetchMs)),
        openBindingWindowMs: med(b.map((x) => x.windowMs)),
        perDeltaMs: med(st.map((x) => x.perDeltaMs)),
        perDeltaFloorMs: med(st.map((x) => x.floorPerDeltaMs)),
        perDeltaWindowMs: med(st.map((x) => x.perDeltaMs - x.floorPerDeltaMs)),
        perDeltaScriptMs: med(st.map((x) => x.mainThread.script / x.deltas)),
        perDeltaLayoutStyleMs: med(
          st.map((x) => (x.mainThread.layout + x.mainThread.style) / x.deltas),
        ),
        deltasPerSecond: med(st.map((x) => x.deltas / x.seconds)),
        longestTaskMs: Math.max(0, ...st.map((x) => x.longestTaskMs)),
        tasksOver50: st.reduce((a, x) => a + x.tasksOver50, 0),
        longestTaskCpuMs: Math.max(0, ...st.map((x) => x.longestTaskCpuMs)),
        tasksOver50Cpu: st.reduce((a, x) => a + x.tasksOver50Cpu, 0),
      };
    };
    const small = summary(100);
    const large = summary(10_000);
    const ratios = {
      open: large.openMs / small.openMs,
      openThroughBinding: large.openBindingMs / small.openBindingMs,
      openWindowOnly: large.openWindowMs / small.openWindowMs,
      perDelta: large.perDeltaMs / small.perDeltaMs,
      perDeltaWindowOnly: large.perDeltaWindowMs / small.perDeltaWindowMs,
    };
    const longest = Math.max(small.longestTaskMs, large.longestTaskMs);
    const longestCpu = Math.max(small.longestTaskCpuMs, large.longestTaskCpuMs);
    const met = {
      openRatio: ratios.open <= GOALS.openRatio,
      deltaRatio: ratios.perDelta <= GOALS.deltaRatio,
      longestTaskMs: longest <= GOALS.longestTaskMs,
    };
    printTable(small, large, ratios, { wall: longest, cpu: longestCpu }, met);
    if (pageErrors.length) process.stdout.write(`Page errors: ${pageErrors.join(' | ')}\n`);
    const environment = {
      chromium: app.browser.version(),
      cpus: cpus().length,
      rate: RATE,
      deltasPerTurn: DELTAS,
      chunkChars: CHUNK,
      openRounds: OPEN_ROUNDS,
      streamRounds: STREAM_ROUNDS,
    };
    const samples = Object.fromEntries(
      SIZES.map((n) => [
        n,
        {
          opens: opens.get(`fetch ${n}`),
          opensThroughBinding: opens.get(`binding ${n}`),
          streams: streams.get(n),
        },
      ]),
    );
    const report = {
      environment,
      goals: GOALS,
      met: QUICK ? null : met,
      ratios,
      longestTaskMs: longest,
      longestTaskCpuMs: longestCpu,
      sizes: { 100: small, 10000: large },
      samples,
      pageErrors,
    };
    writeBenchReport('renderer', report);
  } finally {
    await app.close();
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
}

type Summary = Record<
  | 'openMs'
  | 'openFetchMs'
  | 'openCoreMs'
  | 'openWindowMs'
  | 'openBindingMs'
  | 'openBindingFetchMs'
  | 'openBindingWindowMs'
  | 'perDeltaMs'
  | 'perDeltaFloorMs'
  | 'perDeltaWindowMs'
  | 'perDeltaScriptMs'
  | 'perDeltaLayoutStyleMs'
  | 'deltasPerSecond'
  | 'longestTaskMs'
  | 'tasksOver50'
  | 'longestTaskCpuMs'
  | 'tasksOver50Cpu',
  number
>;

function printTable(
  small: Summary,
  large: Summary,
  ratios: Record<string, number>,
  longest: { wall: number; cpu: number },
  met: Record<string, boolean>,
): void {
  const f = (x: number, d = 1) => x.toFixed(d);
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const open = (s: Summary) =>
    `answer ${f(s.openFetchMs)} (core ${f(s.openCoreMs)}) + window ${f(s.openWindowMs)}; via the binding ${f(s.openBindingMs)} (answer ${f(s.openBindingFetchMs)})`;
  const delta = (s: Summary) =>
    `window ${f(s.perDeltaWindowMs, 3)} + harness delivery ${f(s.perDeltaFloorMs, 3)}; script ${f(s.perDeltaScriptMs, 3)}, layout+style ${f(s.perDeltaLayoutStyleMs, 3)}; ${f(s.deltasPerSecond, 0)}/s`;
  const rows: [string, string, string][] = [
    ['open 100 messages, click → last row (ms)', f(small.openMs), open(small)],
    ['open 10,000 messages (ms)', f(large.openMs), open(large)],
    [
      '  ratio 10,000 / 100',
      `${f(ratios.open, 2)}×`,
      `goal ≤ ${GOALS.openRatio}× ${mark(met.openRatio)}; window alone ${f(ratios.openWindowOnly, 2)}×, via the binding ${f(ratios.openThroughBinding, 2)}×`,
    ],
    ['main thread per delta, 100 (ms)', f(small.perDeltaMs, 3), delta(small)],
    ['main thread per delta, 10,000 (ms)', f(large.perDeltaMs, 3), delta(large)],
    [
      '  ratio 10,000 / 100',
      `${f(ratios.perDelta, 2)}×`,
      `goal ≤ ${GOALS.deltaRatio}× ${mark(met.deltaRatio)}; window alone ${f(ratios.perDeltaWindowOnly, 2)}×`,
    ],
    [
      'longest main-thread task while streaming (ms)',
      f(longest.wall),
      `goal: none over ${GOALS.longestTaskMs} ms ${mark(met.longestTaskMs)} (100: ${small.tasksOver50} over, 10,000: ${large.tasksOver50} over)`,
    ],
    [
      '  the same in main-thread CPU time (ms)',
      f(longest.cpu),
      `(100: ${small.tasksOver50Cpu} over, 10,000: ${large.tasksOver50Cpu} over; wall ≫ CPU means other processes held the cores)`,
    ],
  ];
  process.stdout.write(
    `Chromium: ${OPEN_ROUNDS} interleaved opens and ${STREAM_ROUNDS} streamed turns of ${DELTAS} deltas per size (medians)\n`,
  );
  for (const [label, value, note] of rows)
    process.stdout.write(`${label.padEnd(46)} ${value.padStart(9)}  ${note}\n`);
}

await main();
