// The input cost of a long conversation with tools, through the real engine, a real MCP server
// (the filesystem reference server) and the stand-in Messages API with its prompt cache
// (test/fixtures/messages-api/prompt-cache.ts, the documented rules). Three user turns and twenty
// tool rounds reading notes, on the model with the largest minimum cacheable length the
// documentation lists (Opus 4.6, 4,096 tokens), with a system prompt long enough to pass it. Figures, from the stand-in's usage of the same run:
// * billed-equivalent input (uncached + 1.25 × cache writes + 0.1 × cache reads) over the same
//   requests' input without caching, with Anthropic's tool search (deferred tools). Goal ≤ 0.25,
//   and within 1.2× of the ideal (each request reads its whole previous prompt, writes only what
//   is new);
// * the same with Lena's own search (an endpoint without tool search), where a search's finds
//   change the tools prefix, with the number of those rewrites;
// * building the last request (no network) against JSON.stringify of it. Goal ≤ 3×.
// Quick pass: one turn of three rounds, nothing judged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUILT_IN_MODELS } from '../../electron/core/chat/models';
import { buildRequest } from '../../electron/core/chat/request';
import type { Usage } from '../../shared/chat/messages';
import { reply, text, toolUse, type Turn } from '../fixtures/messages-api';
import { chatHarness, type ChatHarness } from '../unit/core/chat/harness';
import { median } from './timing';
import { QUICK, sized, writeBenchReport } from './quick.mjs';

const FS_SERVER = resolve(
  process.env.LENA_ROOT ?? process.cwd(),
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
const MODEL = 'claude-opus-4-6';
const ROUNDS = sized([7, 7, 6], [3]);
const NOTE = (i: number) =>
  `# Note ${i}\n\n${`Meeting ${i}: the team reviewed the release plan, the open bugs and who does what next week. `.repeat(14)}`;
// About 4,400 tokens, so the first request's prefix already passes the 4,096-token minimum (the
// size of a desktop chat app's own system prompt with its tool instructions).
const SYSTEM = `You help the user with their notes folder. ${'Answer briefly, cite the file you read, and never guess what a file says. '.repeat(240)}`;

type Mode = 'native' | 'lena';

/** The model's side of one conversation: searches first (each way), then reads one note a round. */
function script(mode: Mode, dir: string, turn: number, rounds: number): Turn[] {
  const turns: Turn[] = [];
  const read = (i: number) =>
    toolUse('mcp__fs__read_text_file', { path: join(dir, `note-${i}.md`) }, `toolu_${turn}_${i}`);
  if (mode === 'native' && turn === 0)
    turns.push(
      reply(
        {
          type: 'server_tool_use',
          id: 'srvtoolu_0',
          name: 'tool_search_tool_bm25',
          input: { query: 'read a text file' },
        },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 'srvtoolu_0',
          content: {
            type: 'tool_search_tool_search_result',
            tool_references: [{ type: 'tool_reference', tool_name: 'mcp__fs__read_text_file' }],
          },
        },
        read(turn * 10),
      ),
    );
  if (mode === 'lena')
    turns.push(reply(toolUse('lena_tool_search', { query: 'read a text file' }, `toolu_s${turn}`)));
  const first = mode === 'native' && turn === 0 ? 1 : 0;
  for (let r = first; r < rounds; r++) turns.push(reply(read(turn * 10 + r)));
  turns.push(reply(text(`Read ${rounds} notes.`)));
  return turns;
}

interface RunFigures {
  requests: number;
  uncachedInput: number;
  billed: number;
  ideal: number;
  ratio: number;
  idealRatio: number;
  toolsRewrites: number;
  buildMs: number;
  stringifyMs: number;
}

async function run(mode: Mode, dir: string): Promise<RunFigures> {
  let h: ChatHarness | undefined;
  try {
    h = await chatHarness({
      servers: { fs: { command: process.execPath, args: [FS_SERVER, dir] } },
      permissions: { permissions: { allow: [{ rule: 'mcp__fs' }], ask: [], deny: [] } },
      settings: {
        model: MODEL,
        systemPrompt: SYSTEM,
        toolSearch: { budgetTokens: 200, alwaysLoaded: [] },
      },
      api: { refuseToolSearch: mode === 'lena' },
    });
    const conv = h.store.create();
    let toolsRewrites = 0;
    for (let t = 0; t < ROUNDS.length; t++) {
      h.api.push(...script(mode, dir, t, ROUNDS[t]));
      const outcome = await h.engine.send(conv.id, `Read the next ${ROUNDS[t]} notes.`).done;
      if (outcome.error) throw new Error(`turn ${t + 1}: ${outcome.error.message}`);
      toolsRewrites += outcome.meter?.toolsRewrites ?? 0;
    }
    // Every answered request's usage, in order (the stored answers carry it).
    const usages = h.store
      .get(conv.id)
      .messages.flatMap((m) => (m.role === 'assistant' && m.usage ? [m.usage] : []));
    const total = (u: Usage) => u.inputTokens + u.cacheCreationTokens + u.cacheReadTokens;
    const uncachedInput = usages.reduce((s, u) => s + total(u), 0);
    const billed = usages.reduce(
      (s, u) => s + u.inputTokens + 1.25 * u.cacheCreationTokens + 0.1 * u.cacheReadTokens,
      0,
    );
    // The ideal: each request reads the whole previous prompt back and writes only what is new.
    let ideal = 0;
    usages.forEach((u, i) => {
      const before = i === 0 ? 0 : Math.min(total(usages[i - 1]), total(u));
      ideal += 0.1 * before + 1.25 * (total(u) - before);
    });
    // Building the next request (no network) against serialising it, interleaved.
    const limits = BUILT_IN_MODELS.find((m) => m.id === MODEL)!;
    const stored = h.store.get(conv.id).messages;
    const build = () =>
      buildRequest({
        settings: h!.settings,
        stored,
        registry: h!.registry,
        boundary: h!.store.boundary(conv.id)!,
        limits,
      });
    const params = (await build()).params;
    const builds: number[] = [];
    const strings: number[] = [];
    for (let i = 0; i < sized(31, 3); i++) {
      let t0 = performance.now();
      await build();
      builds.push(performance.now() - t0);
      t0 = performance.now();
      JSON.stringify(params);
      strings.push(performance.now() - t0);
    }
    return {
      requests: usages.length,
      uncachedInput,
      billed: Math.round(billed),
      ideal: Math.round(ideal),
      ratio: billed / uncachedInput,
      idealRatio: ideal / uncachedInput,
      toolsRewrites,
      buildMs: median(builds),
      stringifyMs: median(strings),
    };
  } finally {
    await h?.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'lena-bench-cache-'));
try {
  const notes = join(dir, 'notes');
  mkdirSync(notes);
  for (let i = 0; i < 40; i++) writeFileSync(join(notes, `note-${i}.md`), NOTE(i));
  const native = await run('native', notes);
  const lena = await run('lena', notes);
  const buildRatio = native.buildMs / Math.max(native.stringifyMs, 0.001);
  const goals = {
    nativeRatio: { value: native.ratio, goal: 0.25, met: native.ratio <= 0.25 },
    nativeVsIdeal: {
      value: native.billed / native.ideal,
      goal: 1.2,
      met: native.billed <= 1.2 * native.ideal,
    },
    buildVsStringify: { value: buildRatio, goal: 3, met: buildRatio <= 3 },
  };
  const row = (name: string, f: RunFigures) =>
    `${name.padEnd(22)} ${String(f.requests).padStart(8)} ${String(f.uncachedInput).padStart(10)} ${String(f.billed).padStart(9)} ${f.ratio.toFixed(3).padStart(7)} ${f.idealRatio.toFixed(3).padStart(7)} ${String(f.toolsRewrites).padStart(9)}`;
  process.stdout.write(
    [
      `${'search'.padEnd(22)} requests   uncached    billed   ratio   ideal  rewrites`,
      row("Anthropic's (deferred)", native),
      row("Lena's own", lena),
      `building the last request: ${native.buildMs.toFixed(2)} ms, JSON.stringify ${native.stringifyMs.toFixed(2)} ms (${buildRatio.toFixed(2)}×)`,
      ...(QUICK
        ? []
        : Object.entries(goals).map(
            ([k, g]) => `${k}: ${g.value.toFixed(3)} (goal ${g.goal}) ${g.met ? 'met' : 'NOT MET'}`,
          )),
      '',
    ].join('\n'),
  );
  writeBenchReport('prompt-cache', { native, lena, buildRatio, ...(QUICK ? {} : { goals }) });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
