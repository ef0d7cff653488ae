// The chat engine's own cost per turn, without the network: load the history from SQLite, build
// the request (history rules, content checks, untrusted re-wrapping, the tools builder, max_tokens)
// and persist the turn (the user's message, the streamed answer's blocks, its final status), for a
// 1,000-message conversation with 500 tools. Reported as a ratio to JSON.stringify of the final
// request body in the same run (what sending it costs at the least). Goal: at most 3×.
// Quick pass: 50 messages, 50 tools, 3 runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS } from '../../electron/core/chat/chat-settings';
import { HistoryCache } from '../../electron/core/chat/history-cache';
import { BUILT_IN_MODELS } from '../../electron/core/chat/models';
import { buildRequest } from '../../electron/core/chat/request';
import { newBoundary, wrapUntrusted } from '../../electron/core/chat/untrusted';
import { ToolRegistry } from '../../electron/core/mcp/registry/registry';
import { ConversationStore } from '../../electron/core/store/conversations';
import { openDatabase } from '../../electron/core/store/database';
import { performance } from 'node:perf_hooks';
import { median } from './timing';
import { sized, writeBenchReport } from './quick.mjs';

const MESSAGES = sized(1_000, 50);
const TOOLS = sized(500, 50);
const RUNS = sized(41, 3);

const registry = new ToolRegistry();
for (let s = 0; s < 10; s++) {
  registry.setServerTools(
    `server${s}`,
    Array.from({ length: TOOLS / 10 }, (_, i) => ({
      name: `tool_${i}`,
      description: `Does thing ${i} of server ${s}: reads, lists or changes records, with paging and filters.`,
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Where' },
          limit: { type: 'integer', minimum: 1 },
          filter: { type: 'string' },
        },
        required: ['path'],
      },
    })),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'lena-bench-chat-'));
try {
  const { db } = openDatabase(join(dir, 'lena.db'));
  const store = new ConversationStore(db);
  const c = store.create({ title: 'Long with tools' });
  const old = newBoundary();
  db.transaction(() => {
    // Rounds of four: a prompt, a tool_use, its (wrapped, 2 KB) result, and an answer.
    for (let i = 0; i < MESSAGES; i += 4) {
      const id = `toolu_${i}`;
      store.append(c.id, {
        role: 'user',
        content: [
          { type: 'text', text: `Question ${i}: ${'what does the log say about '.repeat(4)}` },
        ],
      });
      store.append(c.id, {
        role: 'assistant',
        stopReason: 'tool_use',
        content: [
          { type: 'text', text: 'Let me look.' },
          {
            type: 'tool_use',
            id,
            name: `mcp__server${i % 10}__tool_${i % 50}`,
            input: { path: `/var/log/${i}.log` },
          },
        ],
      });
      store.append(c.id, {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: id,
            content: [
              {
                type: 'text',
                text: wrapUntrusted(`line ${i}: ${'ok status=200 took=12ms '.repeat(80)}`, old),
              },
            ],
          },
        ],
      });
      store.append(c.id, {
        role: 'assistant',
        stopReason: 'end_turn',
        content: [
          {
            type: 'text',
            text: `The log for ${i} is fine. ${'Everything returned 200 quickly. '.repeat(6)}`,
          },
        ],
      });
    }
  });
  const settings = { ...DEFAULT_CHAT_SETTINGS };
  const limits = BUILT_IN_MODELS.find((m) => m.id === settings.model)!;
  let last: unknown = null;
  // As in the engine: its writes reach the history cache through the events it emits.
  const history = new HistoryCache(store);
  const saved = (message: ReturnType<typeof store.append>) =>
    history.observe({ type: 'message-saved', conversationId: c.id, message });

  const turn = async () => {
    // Persist the user's message, then build the request from the stored history.
    saved(store.append(c.id, { role: 'user', content: [{ type: 'text', text: 'And now?' }] }));
    const { params } = await buildRequest({
      settings,
      stored: history.messages(c.id),
      registry,
      boundary: newBoundary(),
      limits,
    });
    last = params;
    // Persist a streamed answer: the message, each block as it completes, the final status.
    const m = store.append(c.id, { role: 'assistant', content: [], status: 'streaming' });
    saved(m);
    store.appendBlock(m.id, { type: 'text', text: 'It is fine.' });
    saved(
      store.update(m.id, {
        status: 'complete',
        stopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 },
      }),
    );
  };
  await turn(); // warm caches (history, image checks, prepared statements) as a running app has them
  // Interleaved, so the load of a shared machine weighs on both sides of the ratio alike.
  const engine: number[] = [];
  const stringify: number[] = [];
  let body = '';
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await turn();
    engine.push(performance.now() - t);
    t = performance.now();
    body = JSON.stringify(last);
    stringify.push(performance.now() - t);
  }
  const engineMs = median(engine);
  const stringifyMs = median(stringify);
  const ratio = engineMs / stringifyMs;
  const out = {
    messages: MESSAGES,
    tools: TOOLS,
    requestBytes: body.length,
    engineMsPerTurn: engineMs,
    stringifyMs,
    ratio,
    goal: 3,
  };
  console.table([
    {
      'engine ms/turn': engineMs.toFixed(2),
      'JSON.stringify ms': stringifyMs.toFixed(2),
      ratio: `${ratio.toFixed(2)}×`,
      goal: '≤ 3×',
      'request KB': Math.round(body.length / 1024),
    },
  ]);
  writeBenchReport('chat-turn', out);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
