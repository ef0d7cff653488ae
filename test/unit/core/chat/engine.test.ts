// The agent loop end to end under plain Node: the real SDK against the scripted Messages API,
// real MCP servers (the filesystem reference server, a scripted peer), the real gate and store.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  reply,
  text,
  toolResultText,
  toolResultsOf,
  toolUse,
  type RecordedRequest,
  systemText,
} from '../../../fixtures/messages-api';
import { autoAnswer, chatHarness, type ChatHarness } from './harness';
import { ERROR_CODE } from '../../../../shared/result';

const FS_SERVER = resolve(
  __dirname,
  '../../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
const ORDER_PEER = resolve(__dirname, '../../../fixtures/chat/order-peer.mjs');
let h: ChatHarness | undefined;
/** The text Lena sent back for one tool_use id. */
const resultText = (req: RecordedRequest, id: string): string =>
  toolResultText(toolResultsOf(req).find((r) => r.tool_use_id === id)?.content);
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function peerLog(file: string): {
  event: string;
  name: string;
  args: { step?: number; key?: string };
  t: number;
  requestId?: number;
}[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
}

describe('ChatEngine', () => {
  it('streams a plain answer, stores both messages, titles the conversation and marks tools for caching', async () => {
    h = await chatHarness({ servers: { peer: { command: process.execPath, args: [ORDER_PEER] } } });
    h.api.push(reply(text('Hello from Claude, streamed in pieces.', 5)));
    const conv = h.store.create();
    const { done } = h.engine.send(conv.id, 'Say hello');
    const outcome = await done;
    expect(outcome).toMatchObject({ stopReason: 'end_turn', error: null });
    const deltas = h.events.filter((e) => e.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(3);
    const stored = h.store.get(conv.id);
    expect(stored.title).toBe('Say hello');
    expect(stored.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(stored.messages[1].content).toEqual([
      { type: 'text', text: 'Hello from Claude, streamed in pieces.' },
    ]);
    const body = h.api.messageRequests()[0].body;
    const tools = body.tools as { name: string; cache_control?: unknown }[];
    expect(tools.map((t) => t.name).sort()).toEqual([
      'mcp__peer__big',
      'mcp__peer__hang',
      'mcp__peer__inject',
      'mcp__peer__many_images',
      'mcp__peer__read_slow',
      'mcp__peer__rpc_error',
      'mcp__peer__write_step',
    ]);
    expect(tools[tools.length - 1].cache_control).toEqual({ type: 'ephemeral' });
    expect(tools.slice(0, -1).every((t) => t.cache_control === undefined)).toBe(true);
    expect(systemText(body)).toMatch(/untrusted data/);
  });

  it('runs an allowed filesystem write on the real server and sends the result back with the right id', async () => {
    h = await chatHarness({
      permissions: { permissions: { allow: [{ rule: 'mcp__fs__write_file' }], ask: [], deny: [] } },
    });
    const dir = join(h.home, 'files');
    mkdirSync(dir);
    writeFileSync(
      join(h.home, 'mcp.json'),
      JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS_SERVER, dir] } } }),
    );
    await h.manager.reload();
    const path = join(dir, 'todo.md');
    h.api.push(
      reply(
        text('Writing it.'),
        toolUse('mcp__fs__write_file', { path, content: '- milk\n' }, 'toolu_write1', 7),
      ),
    );
    h.api.push((req) => reply(text(`Done: ${resultText(req, 'toolu_write1')}`)));
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'Add milk to my todo').done;
    expect(outcome.error).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe('- milk\n');
    const second = h.api.messageRequests()[1];
    const results = toolResultsOf(second);
    expect(results.map((r) => r.tool_use_id)).toEqual(['toolu_write1']);
    const sent = resultText(second, 'toolu_write1');
    expect(sent).toMatch(/^<untrusted-tool-output boundary="[\w-]+">\n/);
    expect(sent).toMatch(/Successfully wrote/);
    const call = h.store.get(conv.id).toolCalls[0];
    expect(call).toMatchObject({
      id: 'toolu_write1',
      server: 'fs',
      tool: 'write_file',
      status: 'done',
      decidedBy: 'rule allow mcp__fs__write_file (user)',
    });
  });

  it('runs read-only calls concurrently and the others one at a time, in the model’s order', async () => {
    const log = join(tmpdir(), `lena-order-${process.pid}-${Date.now()}.log`);
    h = await chatHarness({
      servers: {
        peer: {
          command: process.execPath,
          args: [ORDER_PEER],
          env: { PEER_LOG: log, PEER_READ_MS: '400' },
        },
      },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer' }], ask: [], deny: [] } },
    });
    h.api.push(
      reply(
        toolUse('mcp__peer__write_step', { step: 1 }),
        toolUse('mcp__peer__read_slow', { key: 'a' }),
        toolUse('mcp__peer__write_step', { step: 2 }),
        toolUse('mcp__peer__read_slow', { key: 'b' }),
        toolUse('mcp__peer__write_step', { step: 3 }),
      ),
      reply(text('All done.')),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'go').done;
    const entries = peerLog(log);
    const reads = entries.filter((e) => e.name === 'read_slow');
    const readA = {
      start: reads.find((e) => e.event === 'start' && e.args.key === 'a')!.t,
      end: reads.find((e) => e.event === 'end' && e.args.key === 'a')!.t,
    };
    const startB = reads.find((e) => e.event === 'start' && e.args.key === 'b')!.t;
    expect(startB).toBeLessThan(readA.end); // the two reads overlapped
    const writes = entries.filter((e) => e.name === 'write_step');
    expect(writes.map((e) => `${e.event}${e.args.step}`)).toEqual([
      'start1',
      'end1',
      'start2',
      'end2',
      'start3',
      'end3',
    ]);
    // Results go back in the model's order, each with its own id.
    const sent = toolResultsOf(h.api.messageRequests()[1]).map((r) =>
      resultText(h!.api.messageRequests()[1], r.tool_use_id),
    );
    expect(sent.map((s) => s.replace(/<\/?untrusted[^>]*>\n?/g, '').trim())).toEqual([
      'write_step {"step":1} ok',
      'read_slow {"key":"a"} ok',
      'write_step {"step":2} ok',
      'read_slow {"key":"b"} ok',
      'write_step {"step":3} ok',
    ]);
  });

  it('asks, and a denial with a reason reaches the model while nothing runs', async () => {
    const log = join(tmpdir(), `lena-deny-${process.pid}-${Date.now()}.log`);
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER], env: { PEER_LOG: log } } },
    });
    autoAnswer(h, 'deny', 'not on a Friday');
    h.api.push(reply(toolUse('mcp__peer__write_step', { step: 1 }, 'toolu_d')), (req) =>
      reply(text(resultText(req, 'toolu_d'))),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'write').done;
    const result = toolResultsOf(h.api.messageRequests()[1])[0];
    expect(result.is_error).toBe(true);
    expect(resultText(h.api.messageRequests()[1], 'toolu_d')).toMatch(/not on a Friday/);
    expect(peerLog(log)).toEqual([]);
    expect(h.store.get(conv.id).toolCalls[0]).toMatchObject({
      status: 'denied',
      decidedBy: expect.stringMatching(/asked: denied/),
    });
  });

  it('denies when nobody answers within the broker timeout', async () => {
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER] } },
      brokerTimeoutMs: 150,
    });
    h.api.push(reply(toolUse('mcp__peer__write_step', { step: 1 }, 'toolu_t')), reply(text('ok')));
    const conv = h.store.create();
    await h.engine.send(conv.id, 'write').done;
    expect(resultText(h.api.messageRequests()[1], 'toolu_t')).toMatch(
      /no answer|timed out|timeout/i,
    );
    expect(h.store.get(conv.id).toolCalls[0].status).toBe('denied');
  });

  it('ends the turn with a clear message after the maximum number of rounds', async () => {
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER] } },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer' }], ask: [], deny: [] } },
      settings: { maxRounds: 2 },
    });
    for (let i = 0; i < 3; i++) h.api.push(reply(toolUse('mcp__peer__write_step', { step: i })));
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'loop').done;
    expect(outcome.error).toMatchObject({
      code: ERROR_CODE.maxRounds,
      message: expect.stringMatching(/after 2 rounds/),
    });
    expect(h.api.messageRequests()).toHaveLength(2);
  });

  it('wraps a hostile result as untrusted data; the next destructive call still asks with full arguments', async () => {
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER] } },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer__inject' }], ask: [], deny: [] } },
    });
    const asked: unknown[] = [];
    h.broker.on('requested', (r) => {
      asked.push(r);
      h!.broker.answer(r.id, { kind: 'deny' });
    });
    h.api.push(
      reply(toolUse('mcp__peer__inject', {}, 'toolu_i')),
      reply(toolUse('mcp__peer__write_step', { step: 99 }, 'toolu_w')),
      reply(text('ok')),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'read it').done;
    const sent = resultText(h.api.messageRequests()[1], 'toolu_i');
    const boundary = /boundary="([\w-]+)"/.exec(sent)![1];
    expect(sent.startsWith(`<untrusted-tool-output boundary="${boundary}">`)).toBe(true);
    expect(sent.endsWith(`</untrusted-tool-output boundary="${boundary}">`)).toBe(true);
    expect(boundary).not.toBe('guess');
    expect(systemText(h.api.messageRequests()[1].body)).toContain(boundary);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      qualifiedName: 'mcp__peer__write_step',
      arguments: { step: 99 },
      destructive: true,
    });
  });

  it('gives the model a truncated copy of a 5 MB result and keeps the whole result for the window', async () => {
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER] } },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer' }], ask: [], deny: [] } },
    });
    h.api.push(reply(toolUse('mcp__peer__big', {}, 'toolu_big')), reply(text('That was big.')));
    const conv = h.store.create();
    await h.engine.send(conv.id, 'get the big thing').done;
    const sent = resultText(h.api.messageRequests()[1], 'toolu_big');
    expect(sent.length).toBeLessThan(150_000);
    expect(sent).toMatch(/\[truncated \d+ of 5242880 characters\]/);
    const call = h.store.get(conv.id).toolCalls[0];
    expect(call).toMatchObject({ status: 'done', truncated: true });
    expect((call.result as { content: { text: string }[] }).content[0].text.length).toBe(
      5 * 1024 * 1024,
    );
  });

  it.each([
    ['401', [apiError.authentication()], ERROR_CODE.apiKeyRefused, /Settings/],
    [
      '529 exhausted',
      [apiError.overloaded(), apiError.overloaded(), apiError.overloaded()],
      ERROR_CODE.overloaded,
      /overloaded/,
    ],
    ['context overflow', [apiError.promptTooLong()], ERROR_CODE.contextTooLong, /too long/],
  ] as const)('reports %s with the next step', async (_name, turns, code, message) => {
    h = await chatHarness({ settings: { maxRetries: 2 } });
    h.api.push(...turns);
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'hi').done;
    expect(outcome.error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(h.store.get(conv.id).messages.map((m) => m.role)).toEqual(['user']);
  });

  it('goes through after a 429 that the SDK retries', async () => {
    h = await chatHarness();
    h.api.push(apiError.rateLimit(0), reply(text('finally')));
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'hi').done;
    expect(outcome.error).toBeNull();
    expect(h.api.messageRequests()).toHaveLength(2);
  });

  it('asks for a key when none is set, pointing at settings', async () => {
    h = await chatHarness({ apiKey: undefined });
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'hi').done;
    expect(outcome.error).toMatchObject({ code: ERROR_CODE.noApiKey, action: 'open-settings' });
    expect(h.api.messageRequests()).toHaveLength(0);
  });

  it('retries a stream cut in the middle of a tool_use without running any tool twice', async () => {
    const log = join(tmpdir(), `lena-cut-${process.pid}-${Date.now()}.log`);
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER], env: { PEER_LOG: log } } },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer' }], ask: [], deny: [] } },
    });
    h.api.push(
      reply(text('Let me write.'), toolUse('mcp__peer__write_step', { step: 7 }, 'toolu_cut', 3), {
        cutAfterEvents: 7,
      }),
      reply(text('Let me write.'), toolUse('mcp__peer__write_step', { step: 7 }, 'toolu_ok')),
      reply(text('Written once.')),
    );
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'write step 7').done;
    expect(outcome.error).toBeNull();
    expect(peerLog(log).filter((e) => e.event === 'start')).toHaveLength(1);
    const messages = h.store.get(conv.id).messages;
    // The cut answer was replaced by the retry's (superseded: out of view and history).
    expect(messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete',
      'assistant:complete',
      'user:complete',
      'assistant:complete',
    ]);
    const all = h.store.get(conv.id, { includeSuperseded: true }).messages;
    expect(all.map((m) => m.status)).toEqual([
      'complete',
      'superseded',
      'complete',
      'complete',
      'complete',
    ]);
    // The retried request did not carry the half-streamed tool_use.
    expect(JSON.stringify(h.api.messageRequests()[1].body.messages)).not.toContain('toolu_cut');
  });

  it('stops during a long MCP call: the server gets notifications/cancelled and the next turn works', async () => {
    const log = join(tmpdir(), `lena-stop-${process.pid}-${Date.now()}.log`);
    h = await chatHarness({
      servers: { peer: { command: process.execPath, args: [ORDER_PEER], env: { PEER_LOG: log } } },
      permissions: { permissions: { allow: [{ rule: 'mcp__peer' }], ask: [], deny: [] } },
    });
    h.api.push(reply(toolUse('mcp__peer__hang', {}, 'toolu_hang')), reply(text('Fresh answer.')));
    const conv = h.store.create();
    const { done } = h.engine.send(conv.id, 'hang please');
    await expect
      .poll(() => peerLog(log).some((e) => e.event === 'start'), { timeout: 5_000 })
      .toBe(true);
    expect(h.engine.stop(conv.id)).toBe(true);
    const outcome = await done;
    expect(outcome.stopReason).toBe('stopped');
    const started = peerLog(log).find((e) => e.event === 'start')!;
    await expect
      .poll(() => peerLog(log).find((e) => e.event === 'cancelled')?.requestId)
      .toBe((started as unknown as { id: number }).id);
    expect(h.store.get(conv.id).toolCalls[0].status).toBe('cancelled');
    const next = await h.engine.send(conv.id, 'and now?').done;
    expect(next.error).toBeNull();
    expect(h.manager.status('peer')?.status).toBe('connected');
  });

  it('regenerates the last answer and edits an earlier message, keeping old branches as superseded', async () => {
    h = await chatHarness();
    h.api.push(
      reply(text('first answer')),
      reply(text('second answer')),
      reply(text('answer to the edit')),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'question').done;
    await h.engine.regenerate(conv.id).done;
    let messages = h.store.get(conv.id, { includeSuperseded: true }).messages;
    expect(
      messages.filter((m) => m.status !== 'superseded').map((m) => String(m.content[0].text)),
    ).toEqual(['question', 'second answer']);
    expect(
      messages.filter((m) => m.status === 'superseded').map((m) => String(m.content[0].text)),
    ).toEqual(['first answer']);
    const userId = messages[0].id;
    await h.engine.edit(conv.id, userId, 'better question').done;
    messages = h.store.get(conv.id, { includeSuperseded: true }).messages;
    expect(
      messages.filter((m) => m.status !== 'superseded').map((m) => String(m.content[0].text)),
    ).toEqual(['better question', 'answer to the edit']);
    expect(JSON.stringify(h.api.messageRequests()[2].body.messages)).not.toContain('second answer');
  });
});

describe('ChatEngine.continueWithSummary', () => {
  it('starts a new conversation seeded with the model’s summary after a context overflow', async () => {
    h = await chatHarness();
    h.api.push(
      reply(text('Plan: migrate the database on Friday.')),
      apiError.promptTooLong(),
      reply(text('SUMMARY: migrate the DB Friday; nothing else open.')),
    );
    const conv = h.store.create({ title: 'DB migration' });
    await h.engine.send(conv.id, 'Plan the migration').done;
    const overflow = await h.engine.send(conv.id, 'and the rollback?').done;
    expect(overflow.error).toMatchObject({
      code: ERROR_CODE.contextTooLong,
      action: 'new-conversation-with-summary',
    });
    const next = await h.engine.continueWithSummary(conv.id);
    expect(next.usedModel).toBe(true);
    const seeded = h.store.get(next.id);
    expect(seeded.title).toBe('Plan the migration (continued)');
    expect(String(seeded.messages[0].content[0].text)).toMatch(
      /too long.*SUMMARY: migrate the DB Friday/s,
    );
    expect(JSON.stringify(h.api.messageRequests().at(-1)!.body.messages)).toContain(
      'Plan: migrate the database on Friday.',
    );
    expect(h.store.get(conv.id).messages.length).toBe(3);
  });

  it('falls back to an excerpt when the model cannot summarise', async () => {
    h = await chatHarness({ settings: { maxRetries: 0 } });
    h.api.push(reply(text('Answer one.')), apiError.server());
    const conv = h.store.create();
    await h.engine.send(conv.id, 'Question one').done;
    const next = await h.engine.continueWithSummary(conv.id);
    expect(next.usedModel).toBe(false);
    expect(String(h.store.get(next.id).messages[0].content[0].text)).toMatch(
      /Excerpt of .*User: Question one.*Assistant: Answer one\./s,
    );
  });
});
