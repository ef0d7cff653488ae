// The meter's arithmetic (issue 36): a turn priced by the one table or the settings' override, an
// unknown model "price unknown" (never $0), the conversation's totals, the cache's saving, and
// the warning at 80 % of the context window.
import { describe, expect, it } from 'vitest';
import { chatSettingsOf } from '../../../../electron/core/chat/chat-settings';
import {
  addSampling,
  addTurn,
  toolsKey,
  turnMeter,
  withPinned,
} from '../../../../electron/core/chat/meter';
import { readSettings } from '../../../../electron/core/store/settings-schema';
import { meterDetails, meterLine, usdText } from '../../../../shared/chat/meter-text';
import { MODEL_PRICES, priceFor } from '../../../../shared/prices';

const usage = (input: number, output: number, read = 0, write = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: read,
  cacheCreationTokens: write,
});

describe('the meter', () => {
  it('prices a turn by the table, dated ids too, and a settings override first', () => {
    const turn = turnMeter({
      model: 'claude-sonnet-4-6-20260101',
      usage: usage(1_000, 500, 100_000, 2_000),
      lastResponse: null,
      requests: 3,
      toolsRewrites: 0,
      contextLimit: 1_000_000,
    });
    // $3 input, $15 output, $0.30 read, $3.75 write per million tokens.
    expect(turn.costUsd).toBeCloseTo(0.003 + 0.0075 + 0.03 + 0.0075, 12);
    // Reads saved $2.70 a million, writes cost $0.75 a million more than plain input.
    expect(turn.savingsUsd).toBeCloseTo(0.27 - 0.0015, 12);
    const own = { 'claude-sonnet-4-6': { input: 1, output: 1, cacheWrite: 1, cacheRead: 1 } };
    expect(priceFor('claude-sonnet-4-6', own)).toEqual(own['claude-sonnet-4-6']);
    expect(priceFor('claude-sonnet-4-6')).toBe(MODEL_PRICES['claude-sonnet-4-6']);
  });

  it('says "price unknown" for a model nobody priced, and keeps the known turns’ sum', () => {
    const unknown = turnMeter({
      model: 'my-proxy-model',
      usage: usage(10, 10),
      lastResponse: usage(10, 10),
      requests: 1,
      toolsRewrites: 0,
      contextLimit: null,
    });
    expect(unknown.costUsd).toBeNull();
    expect(usdText(unknown.costUsd)).toBe('price unknown');
    const once = addTurn(undefined, unknown, { lastResponse: usage(10, 10), contextLimit: null });
    expect(once).toMatchObject({ turns: 1, costUsd: null, unpricedTurns: 1, warn: false });
    const priced = turnMeter({
      model: 'claude-haiku-4-5',
      usage: usage(1_000_000, 0),
      lastResponse: usage(1_000_000, 0),
      requests: 1,
      toolsRewrites: 0,
      contextLimit: 200_000,
    });
    const twice = addTurn(once, priced, {
      lastResponse: usage(1_000_000, 0),
      contextLimit: 200_000,
    });
    expect(twice).toMatchObject({ turns: 2, costUsd: 1, unpricedTurns: 1, toolsRewrites: 0 });
    expect(meterLine(unknown, once)).toMatch(/price unknown this turn/);
  });

  it('warns once the last response filled 80 % of the context window, cache included', () => {
    const turn = turnMeter({
      model: 'claude-haiku-4-5',
      usage: usage(1, 1),
      lastResponse: null,
      requests: 1,
      toolsRewrites: 0,
      contextLimit: 200_000,
    });
    const below = addTurn(undefined, turn, {
      lastResponse: usage(1_000, 10, 150_000, 8_999),
      contextLimit: 200_000,
    });
    expect(below).toMatchObject({ contextTokens: 159_999, warn: false });
    const at = addTurn(below, turn, {
      lastResponse: usage(1_000, 10, 150_000, 9_000),
      contextLimit: 200_000,
    });
    expect(at).toMatchObject({ contextTokens: 160_000, warn: true });
    expect(meterLine(turn, at)).toMatch(/context 80% of 200,000 \(nearly full/);
  });

  it('reads price overrides from settings.json, and reports a malformed one instead of using it', () => {
    const own = { input: 1, output: 2, cacheWrite: 1.25, cacheRead: 0.1 };
    const good = readSettings({ prices: { 'my-proxy-model': own } }, 'settings.json');
    expect(chatSettingsOf(good.settings).prices).toEqual({ 'my-proxy-model': own });
    expect(priceFor('my-proxy-model', chatSettingsOf(good.settings).prices)).toEqual(own);
    const bad = readSettings({ prices: { 'my-proxy-model': { input: -1 } } }, 'settings.json');
    expect(bad.settings.prices).toEqual({});
    expect(bad.issues.join('\n')).toMatch(/prices/);
  });

  it('counts a changed tool list as a rewrite of the cached tools prefix', () => {
    expect(toolsKey([{ name: 'a' }, { name: 'b', defer_loading: true }])).not.toBe(
      toolsKey([{ name: 'a' }, { name: 'b' }]),
    );
  });

  it('keeps what servers sampled for a conversation through its turns, and says "≥" when a request had no price', () => {
    const figures = {
      model: 'claude-sonnet-4-6',
      usage: usage(1_000, 100),
      lastResponse: usage(1_000, 100),
      requests: 1,
      toolsRewrites: 0,
      contextLimit: 200_000,
    };
    // A tool call of the first turn sampled before the turn ended: the turn adds to it.
    const sampled = addSampling(undefined, { model: 'claude-sonnet-4-6', usage: usage(2_000, 0) });
    expect(sampled).toMatchObject({ turns: 0, costUsd: 0.006, contextTokens: 0 });
    const turned = addTurn(sampled, turnMeter(figures), figures);
    expect(turned.costUsd).toBeCloseTo(0.006 + 0.003 + 0.0015, 12);
    expect(turned.usage.inputTokens).toBe(3_000);
    expect(turned.contextTokens).toBe(1_000);
    expect(turned.sampling).toEqual(sampled.sampling);
    expect(withPinned(turned, { total: 50, given: 0 }, 200_000).sampling).toEqual(sampled.sampling);
    expect(meterLine(turned.lastTurn!, turned)).toContain(
      '$0.010 this conversation (of which 1 request by servers: $0.0060)',
    );
    const unpriced = addSampling(turned, { model: 'my-proxy-model', usage: usage(10, 10) });
    expect(unpriced.costUsd).toBe(turned.costUsd);
    expect(meterDetails(unpriced)).toContain(
      'This conversation: ≥$0.010 over 1 turn, of which 2 requests by servers: ≥$0.0060',
    );
  });
});
