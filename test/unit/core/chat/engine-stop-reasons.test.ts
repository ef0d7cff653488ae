// Every way a turn can end is explained: stored on the answer, in the outcome, and the next
// request stays valid (a refused exchange is not resent, a cut tool_use never runs, pause_turn
// continues with exactly the paused content).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  reply,
  scenario,
  text,
  toolResultText,
  toolUse,
} from '../../../fixtures/messages-api';
import { MAX_PAUSE_CONTINUATIONS } from '../../../../electron/core/chat/engine';
import { exitCodeFor } from '../../../../electron/core/chat/stop-reasons';
import { ERROR_CODE } from '../../../../shared/result';
import { chatHarness, type ChatHarness } from './harness';

const FS_SERVER = resolve(
  __dirname,
  '../../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('stop reasons', () => {
  it('refusal: the answer says Claude declined with the API’s details; the refused exchange is not sent again', async () => {
    h = await chatHarness();
    const conv = h.store.create();
    h.api.push(reply(text('Hello!')));
    await h.engine.send(conv.id, 'hi').done;
    h.api.push(scenario.refusal('This request asks for help with a cyberattack.', 'cyber'));
    const outcome = await h.engine.send(conv.id, 'break into my neighbour’s wifi').done;
    expect(outcome.stopReason).toBe('refusal');
    expect(outcome.error, 'a refusal is a stop, not an error').toBeNull();
    expect(outcome.stop).toMatchObject({
      kind: 'refusal',
      stopReason: 'refusal',
      category: 'cyber',
      explanation: 'This request asks for help with a cyberattack.',
    });
    expect(outcome.stop?.message).toMatch(/declined.*category: cyber.*not sent to Claude again/);
    expect(exitCodeFor(outcome.error, outcome.stop)).toBe(5);
    const answer = h.store.get(conv.id).messages.at(-1);
    expect(answer?.stop?.kind).toBe('refusal');
    expect(answer?.error).toBeNull();
    h.api.push(reply(text('Sure, here is a poem.')));
    expect((await h.engine.send(conv.id, 'write a poem instead').done).error).toBeNull();
    const next = JSON.stringify(h.api.messageRequests().at(-1)!.body.messages);
    expect(next).not.toContain('neighbour');
    expect(next).toContain('hi');
    expect(next).toContain('write a poem instead');
  });

  it('max_tokens: marked cut off with Continue; a tool_use cut mid-input never runs, the user is told, Continue is a user turn', async () => {
    h = await chatHarness({
      permissions: { permissions: { allow: [{ rule: 'mcp__fs' }], ask: [], deny: [] } },
      settings: { maxTokens: 1000 },
    });
    const dir = join(h.home, 'files');
    mkdirSync(dir);
    writeFileSync(
      join(h.home, 'mcp.json'),
      JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS_SERVER, dir] } } }),
    );
    await h.manager.reload();
    const target = join(dir, 'never.txt');
    h.api.push(
      scenario.maxTokensInToolUse(
        'mcp__fs__write_file',
        { path: target, content: 'x'.repeat(50) },
        20,
        'toolu_cut',
      ),
    );
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'write the file').done;
    expect(outcome.stopReason).toBe('max_tokens');
    expect(outcome.error).toBeNull();
    expect(outcome.stop).toMatchObject({ kind: 'max-tokens', limitTokens: 1000 });
    expect(outcome.stop?.message).toMatch(
      /cut off at the limit of 1,000 tokens.*writing the input for mcp__fs__write_file.*not run/,
    );
    expect(existsSync(target)).toBe(false);
    expect(h.store.get(conv.id).toolCalls).toHaveLength(0);
    expect(exitCodeFor(outcome.error, outcome.stop)).toBe(6);
    h.api.push(reply(text('Continuing.')));
    expect(
      (await h.engine.send(conv.id, 'Please continue from where you stopped.').done).error,
    ).toBeNull();
    const next = h.api.messageRequests().at(-1)!;
    expect(next.body.messages?.at(-1)?.role).toBe('user');
    expect(JSON.stringify(next.body.messages)).not.toContain('toolu_cut');
  });

  it('model_context_window_exceeded and HTTP 413: say how big, offer a summary-seeded conversation or dropping old tool results', async () => {
    h = await chatHarness({ api: { maxRequestBytes: 20_000 } });
    const conv = h.store.create();
    h.api.push(
      reply(scenario.contextWindowExceeded().content[0], {
        stopReason: 'model_context_window_exceeded',
        usage: { input_tokens: 199_000 },
      }),
    );
    const full = await h.engine.send(conv.id, 'summarise the log').done;
    expect(full.error).toBeNull();
    expect(full.stop).toMatchObject({
      kind: 'context-window',
      stopReason: 'model_context_window_exceeded',
      requestTokens: 199_000,
    });
    expect(full.stop?.message).toMatch(/about 199,000 tokens.*new conversation.*older tool calls/);
    expect(exitCodeFor(full.error, full.stop)).toBe(6);
    // A request the API refused as too large failed: an error, with the same way out.
    const big = await h.engine.send(conv.id, 'x'.repeat(30_000)).done;
    expect(big.stop).toBeNull();
    expect(big.error).toMatchObject({
      code: ERROR_CODE.contextTooLong,
      action: 'new-conversation-with-summary',
    });
    expect(big.error?.message).toMatch(
      /The request \(\d+ KB\) is larger than the Messages API accepts/,
    );
  });

  it('pause_turn: continues by itself with exactly the paused content, and stops after a bounded number of pauses', async () => {
    h = await chatHarness();
    const conv = h.store.create();
    h.api.push(scenario.pauseTurn('mcp hosts'), reply(text('Found three hosts.')));
    const outcome = await h.engine.send(conv.id, 'search the web for MCP hosts').done;
    expect(outcome.error).toBeNull();
    expect(outcome.stopReason).toBe('end_turn');
    const second = h.api.messageRequests()[1];
    expect(second.body.messages?.at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text' }, { type: 'server_tool_use' }, { type: 'web_search_tool_result' }],
    });
    h.api.push(
      ...Array.from({ length: MAX_PAUSE_CONTINUATIONS + 1 }, () => scenario.pauseTurn('again')),
    );
    const paused = await h.engine.send(conv.id, 'search more').done;
    expect(paused.error).toBeNull();
    expect(paused.stop).toMatchObject({ kind: 'paused', stopReason: 'pause_turn' });
    expect(h.api.pending).toBe(0);
  });

  it('stop_sequence and an unknown stop reason are shown plainly', async () => {
    h = await chatHarness();
    const conv = h.store.create();
    h.api.push(scenario.stopSequence('Answer: 42', '###'));
    const seq = await h.engine.send(conv.id, 'q').done;
    expect(seq.stop).toMatchObject({
      kind: 'stop-sequence',
      stopSequence: '###',
      message: 'The answer stopped at the stop sequence "###".',
    });
    expect(exitCodeFor(seq.error, seq.stop)).toBe(0);
    h.api.push(scenario.unknownStop('thinking_budget_exhausted'));
    const odd = await h.engine.send(conv.id, 'q2').done;
    expect(odd.stop).toMatchObject({ kind: 'unknown', stopReason: 'thinking_budget_exhausted' });
    expect(odd.stop?.message).toContain('"thinking_budget_exhausted"');
  });

  it('an API error stays an error (exit 1), not a stop note', async () => {
    h = await chatHarness();
    h.api.push(apiError.authentication());
    const conv = h.store.create();
    const outcome = await h.engine.send(conv.id, 'q').done;
    expect(outcome.stop).toBeNull();
    expect(outcome.error).toMatchObject({
      code: ERROR_CODE.apiKeyRefused,
      action: 'open-settings',
    });
    expect(exitCodeFor(outcome.error, outcome.stop)).toBe(1);
  });

  it('drop older tool results: after a context overflow the next request carries only the recent ones whole', async () => {
    h = await chatHarness({
      permissions: { permissions: { allow: [{ rule: 'mcp__fs' }], ask: [], deny: [] } },
    });
    const dir = join(h.home, 'files');
    mkdirSync(dir);
    writeFileSync(join(dir, 'log.txt'), 'LOGLINE '.repeat(200));
    writeFileSync(
      join(h.home, 'mcp.json'),
      JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS_SERVER, dir] } } }),
    );
    await h.manager.reload();
    const conv = h.store.create();
    for (let i = 1; i <= 3; i++) {
      h.api.push(
        reply(toolUse('mcp__fs__read_text_file', { path: join(dir, 'log.txt') }, `toolu_r${i}`)),
        reply(text(`read ${i}`)),
      );
      await h.engine.send(conv.id, `read it ${i}`).done;
    }
    h.api.push(apiError.promptTooLong());
    const overflow = await h.engine.send(conv.id, 'and now summarise').done;
    expect(overflow.error).toMatchObject({
      code: ERROR_CODE.contextTooLong,
      action: 'new-conversation-with-summary',
    });
    expect(h.engine.dropOldToolResults(conv.id)).toMatchObject({ dropped: 1 });
    h.api.push(reply(text('Summary.')));
    expect((await h.engine.regenerate(conv.id).done).error).toBeNull();
    const results = (h.api.messageRequests().at(-1)!.body.messages ?? [])
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b) => b.type === 'tool_result');
    const texts = results.map((r) => toolResultText((r as { content: unknown }).content));
    expect(texts[0]).toMatch(/left out to save context/);
    expect(texts.slice(1).every((t) => t.includes('LOGLINE'))).toBe(true);
    expect(
      JSON.stringify(h.store.get(conv.id).toolCalls.find((c) => c.id === 'toolu_r1')?.result),
    ).toContain('LOGLINE');
  });
});

describe('the model, per conversation', () => {
  it('lists the Models API’s models and remembers the one picked for a conversation; a fixed model (lena chat --model) wins', async () => {
    h = await chatHarness();
    const listed = await h.engine.listModels();
    expect(listed.find((m) => m.id === 'claude-haiku-4-5')).toMatchObject({
      displayName: 'Claude Haiku 4.5',
      maxOutputTokens: 64_000,
      source: 'models-api',
    });
    const conv = h.store.create();
    h.engine.setModel(conv.id, 'claude-haiku-4-5');
    expect(
      h.events.some(
        (e) => e.type === 'conversation-updated' && e.conversation.model === 'claude-haiku-4-5',
      ),
    ).toBe(true);
    h.api.push(reply(text('From Haiku.')));
    await h.engine.send(conv.id, 'hi').done;
    expect(h.api.messageRequests().at(-1)!.body.model).toBe('claude-haiku-4-5');
    const other = h.store.create();
    h.api.push(reply(text('Default.')));
    await h.engine.send(other.id, 'hi').done;
    expect(h.api.messageRequests().at(-1)!.body.model).toBe(h.settings.model);
    h.settings.model = 'claude-opus-4-7';
    h.settings.modelFixed = true;
    h.api.push(reply(text('Fixed.')));
    await h.engine.send(conv.id, 'again').done;
    expect(h.api.messageRequests().at(-1)!.body.model).toBe('claude-opus-4-7');
  });

  it('sends thinking and effort only to models whose capabilities list them', async () => {
    h = await chatHarness({ settings: { thinking: 'adaptive', effort: 'xhigh' } });
    const conv = h.store.create();
    h.engine.setModel(conv.id, 'claude-opus-4-7');
    h.api.push(reply(text('Thought about it.')));
    expect((await h.engine.send(conv.id, 'hard question').done).error).toBeNull();
    expect(h.api.messageRequests().at(-1)!.body).toMatchObject({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'xhigh' },
    });
    h.engine.setModel(conv.id, 'claude-haiku-4-5');
    h.api.push(reply(text('Quick.')));
    expect((await h.engine.send(conv.id, 'easy one').done).error).toBeNull();
    const body = h.api.messageRequests().at(-1)!.body;
    expect(body.thinking).toBeUndefined();
    expect(body.output_config).toBeUndefined();
  });
});
