// Issue 36 end to end under plain Node: the real engine, a real MCP server (the scripted order
// peer) and the stand-in Messages API with its prompt cache. A conversation's requests share a
// byte-identical prefix, so the stand-in serves it from the cache; the turn is priced and stored
// with the conversation; a boundary the model repeats to a server is rotated; a copy draws its own.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  reply,
  systemText,
  text,
  toolUse,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { costOf, priceFor } from '../../../../shared/prices';
import { chatHarness, type ChatHarness } from './harness';

const ORDER_PEER = resolve(__dirname, '../../../fixtures/chat/order-peer.mjs');
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const boundaryOf = (req: RecordedRequest): string =>
  /boundary="([\w-]+)"/.exec(systemText(req.body))![1];

/** The request's messages without cache marks (a mark moves with the newest turn). */
const unmarked = (req: RecordedRequest): unknown[] =>
  JSON.parse(
    JSON.stringify(req.body.messages).replace(/,"cache_control":\{"type":"ephemeral"\}/g, ''),
  );

// Long enough that tools and system pass the default model's minimum cacheable length.
const SYSTEM_PROMPT = 'Answer briefly and name the tool you used. '.repeat(120);

async function harness(): Promise<ChatHarness> {
  return chatHarness({
    servers: {
      peer: { command: process.execPath, args: [ORDER_PEER], env: { PEER_READ_MS: '0' } },
    },
    settings: { systemPrompt: SYSTEM_PROMPT },
    permissions: { permissions: { allow: [{ rule: 'mcp__peer__read_slow' }], ask: [], deny: [] } },
  });
}

describe('prompt caching across a conversation', () => {
  it('keeps one boundary and a byte-stable prefix, so later requests read it from the cache; the turn is priced', async () => {
    h = await harness();
    h.api.push(
      reply(toolUse('mcp__peer__read_slow', { key: 'a' }, 'toolu_a')),
      reply(toolUse('mcp__peer__read_slow', { key: 'b' }, 'toolu_b')),
      reply(text('Both read.')),
      reply(text('Again.')),
    );
    const conv = h.store.create();
    const first = await h.engine.send(conv.id, 'Read a and b.').done;
    const second = await h.engine.send(conv.id, 'Once more.').done;
    const requests = h.api.messageRequests();
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => systemText(r.body))).size).toBe(1);
    expect(new Set(requests.map(boundaryOf))).toEqual(new Set([h.store.boundary(conv.id)]));
    for (let i = 1; i < requests.length; i++) {
      const before = unmarked(requests[i - 1]);
      expect(unmarked(requests[i]).slice(0, before.length - 1)).toEqual(before.slice(0, -1));
    }
    // The first request writes the prefix; every later one reads it back.
    expect(first.usage.cacheCreationTokens).toBeGreaterThan(0);
    expect(second.usage.cacheReadTokens).toBeGreaterThan(second.usage.inputTokens);
    // The turn's cost is the price table's, carried on turn-ended and stored with the conversation.
    const price = priceFor('claude-sonnet-4-6');
    expect(second.meter?.costUsd).toBeCloseTo(costOf(second.usage, price)!, 12);
    expect(second.meter?.savingsUsd).toBeGreaterThan(0);
    const ended = h.events.filter((e) => e.type === 'turn-ended');
    expect(ended.at(-1)).toMatchObject({ meter: { requests: 1, costUsd: second.meter?.costUsd } });
    const meter = h.store.summary(conv.id).meter!;
    expect(meter.turns).toBe(2);
    expect(meter.costUsd).toBeCloseTo(first.meter!.costUsd! + second.meter!.costUsd!, 12);
    expect(meter.contextLimit).toBeGreaterThan(0);
    expect(meter.contextTokens).toBeGreaterThan(1000);
    expect(meter.warn).toBe(false);
  });

  it('rotates the boundary the model repeated to a server, before the call runs; the database never holds the live one', async () => {
    h = await harness();
    h.api.push(
      (req) => reply(toolUse('mcp__peer__read_slow', { key: boundaryOf(req) }, 'toolu_leak')),
      reply(text('Done.')),
    );
    const conv = h.store.create();
    await h.engine.send(conv.id, 'Read the key.').done;
    const [leaked, next] = h.api.messageRequests().map(boundaryOf);
    expect(next).not.toBe(leaked);
    expect(h.store.boundary(conv.id)).toBe(next);
    expect(h.events).toContainEqual(
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/new marker/) }),
    );
    // What the server received is dead: the live boundary is in no stored message or export.
    expect(JSON.stringify(h.store.get(conv.id))).not.toContain(next);
    expect(h.store.export(conv.id, 'json').content).not.toContain(next);
    // Results are stored as flagged data, never wrapped: the markers exist only in requests.
    const stored = JSON.stringify(h.store.get(conv.id).messages);
    expect(stored).toContain('"untrusted":true');
    expect(stored).not.toContain('<untrusted-tool-output');
    // A copy of the conversation draws a boundary of its own on its first request.
    const copy = h.store.duplicate(conv.id);
    expect(h.store.boundary(copy.id)).toBeNull();
    h.api.push(reply(text('Copied.')));
    await h.engine.send(copy.id, 'Go on.').done;
    const drawn = boundaryOf(h.api.messageRequests().at(-1)!);
    expect([leaked, next]).not.toContain(drawn);
  });
});
