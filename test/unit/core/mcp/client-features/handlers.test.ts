import { describe, expect, it } from 'vitest';
import { createClientFeatures } from '../../../../../electron/core/mcp/client-features/index';
import type {
  FormQuestion,
  SamplingRequest,
  UrlQuestion,
} from '../../../../../electron/core/mcp/client-features/ports';
import { parseSamplingParams } from '../../../../../electron/core/mcp/client-features/sampling';
import { featureCapabilities } from '../../../../../electron/core/mcp/client-features';
import { RequestHandlerError } from '../../../../../electron/core/mcp/jsonrpc';

const ctx = { purpose: 'tools/call book' };
const schema = {
  type: 'object',
  properties: { name: { type: 'string', default: 'Ann' }, seats: { type: 'integer', minimum: 1 } },
  required: ['seats'],
};

describe('elicitation handler', () => {
  it('asks with the parsed form and returns validated content with defaults applied', async () => {
    let asked: FormQuestion | undefined;
    const f = createClientFeatures('travel', {
      elicitation: { form: async (q) => ((asked = q), { action: 'accept', values: { seats: 2 } }) },
    });
    const r = await f.elicitation!({ message: 'How many seats?', requestedSchema: schema }, ctx);
    expect(r).toEqual({ action: 'accept', content: { name: 'Ann', seats: 2 } });
    expect(asked).toMatchObject({
      server: 'travel',
      message: 'How many seats?',
      purpose: 'tools/call book',
    });
  });

  it('passes decline and cancel through without content', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const f = createClientFeatures('s', { elicitation: { form: async () => ({ action }) } });
      expect(await f.elicitation!({ message: 'm', requestedSchema: schema }, ctx)).toEqual({
        action,
      });
    }
  });

  it('refuses a schema it cannot show, a missing message and an unknown mode, before asking', async () => {
    let asked = 0;
    const f = createClientFeatures('s', {
      elicitation: { form: async () => (asked++, { action: 'decline' }) },
    });
    await expect(
      f.elicitation!(
        {
          message: 'm',
          requestedSchema: { type: 'object', properties: { a: { type: 'object' } } },
        },
        ctx,
      ),
    ).rejects.toThrow(/cannot show this form: field "a"/);
    await expect(f.elicitation!({ requestedSchema: schema }, ctx)).rejects.toThrow(
      /needs a message/,
    );
    await expect(f.elicitation!({ mode: 'voice', message: 'm' }, ctx)).rejects.toThrow(
      /unknown elicitation mode/,
    );
    expect(asked).toBe(0);
  });

  it('never sends an answer that fails validation', async () => {
    const f = createClientFeatures('s', {
      elicitation: { form: async () => ({ action: 'accept', values: { seats: 0 } }) },
    });
    await expect(f.elicitation!({ message: 'm', requestedSchema: schema }, ctx)).rejects.toThrow(
      /"seats" must be at least 1; nothing was sent/,
    );
  });

  it('URL mode: shows the origin, refuses unsafe addresses, and is declared only when offered', async () => {
    let asked: UrlQuestion | undefined;
    const f = createClientFeatures('s', {
      elicitation: {
        form: async () => ({ action: 'decline' }),
        url: async (q) => ((asked = q), { action: 'accept' }),
      },
    });
    expect(
      await f.elicitation!(
        {
          mode: 'url',
          url: 'https://pay.example.com/checkout?x=1',
          elicitationId: 'e1',
          message: 'Pay',
        },
        ctx,
      ),
    ).toEqual({ action: 'accept' });
    expect(asked).toMatchObject({ origin: 'https://pay.example.com', elicitationId: 'e1' });
    await expect(
      f.elicitation!(
        { mode: 'url', url: 'javascript:alert(1)', elicitationId: 'e', message: '' },
        ctx,
      ),
    ).rejects.toThrow(/only https/);
    await expect(
      f.elicitation!({ mode: 'url', url: 'https://x.org', message: '' }, ctx),
    ).rejects.toThrow(/elicitationId/);
    expect(featureCapabilities(f)).toEqual({ elicitation: { form: {}, url: {} } });
    const formOnly = createClientFeatures('s', {
      elicitation: { form: async () => ({ action: 'decline' }) },
    });
    expect(featureCapabilities(formOnly)).toEqual({ elicitation: { form: {} } });
    await expect(
      formOnly.elicitation!(
        { mode: 'url', url: 'https://x.org', elicitationId: 'e', message: '' },
        ctx,
      ),
    ).rejects.toThrow(/did not declare URL elicitation/);
  });
});

describe('sampling handler', () => {
  const base = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
    maxTokens: 100,
  };

  it('names the context it does not add, leaves refused parameters out silently, keeps what Claude can take', () => {
    const r = parseSamplingParams({
      ...base,
      temperature: 0.7,
      metadata: { a: 1 },
      includeContext: 'thisServer',
      systemPrompt: 'Be brief',
      stopSequences: ['END'],
    });
    expect(r.omitted).toEqual([expect.stringMatching(/^includeContext "thisServer"/)]);
    expect(r).not.toHaveProperty('temperature');
    expect(r).not.toHaveProperty('metadata');
    expect(r).toMatchObject({ systemPrompt: 'Be brief', maxTokens: 100, stopSequences: ['END'] });
    const audio = parseSamplingParams({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'x' },
            { type: 'audio', data: 'AA', mimeType: 'audio/wav' },
          ],
        },
      ],
    });
    expect(audio.messages[0].content).toEqual([{ type: 'text', text: 'x' }]);
    expect(audio.omitted[0]).toMatch(/block 2: audio/);
  });

  it('refuses tools clearly (not declared), and malformed requests', () => {
    expect(() => parseSamplingParams({ ...base, tools: [{ name: 't' }] })).toThrow(
      /does not offer tools in sampling/,
    );
    expect(() =>
      parseSamplingParams({
        ...base,
        messages: [
          { role: 'assistant', content: { type: 'tool_use', id: 'x', name: 't', input: {} } },
        ],
      }),
    ).toThrow(/tool_use block/);
    expect(() => parseSamplingParams({ ...base, maxTokens: 0 })).toThrow(/maxTokens/);
    expect(() => parseSamplingParams({ ...base, messages: [] })).toThrow(/non-empty/);
    expect(() =>
      parseSamplingParams({
        ...base,
        messages: [{ role: 'system', content: { type: 'text', text: 'x' } }],
      }),
    ).toThrow(/role/);
    try {
      parseSamplingParams({ maxTokens: 1 });
    } catch (e) {
      expect((e as RequestHandlerError).code).toBe(-32602);
    }
  });

  it('returns the approved answer, and a user rejection as an error', async () => {
    let seen: SamplingRequest | undefined;
    const ok = createClientFeatures('s', {
      sampling: {
        sample: async (_s, req) => (
          (seen = req),
          { ok: true, model: 'claude-x', text: 'Hello', stopReason: 'endTurn' }
        ),
      },
    });
    expect(await ok.sampling!(base, ctx)).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hello' },
      model: 'claude-x',
      stopReason: 'endTurn',
    });
    expect(seen?.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
    const no = createClientFeatures('s', {
      sampling: { sample: async () => ({ ok: false, message: 'The user declined the request' }) },
    });
    await expect(no.sampling!(base, ctx)).rejects.toMatchObject({
      code: -1,
      message: 'The user declined the request',
    });
  });

  it('declares roots with listChanged, and nothing a front end does not offer', async () => {
    const f = createClientFeatures('s', {
      roots: { roots: () => [{ uri: 'file:///work/p', name: 'p' }] },
    });
    expect(featureCapabilities(f)).toEqual({ roots: { listChanged: true } });
    expect(await f.roots!(ctx)).toEqual({ roots: [{ uri: 'file:///work/p', name: 'p' }] });
    expect(featureCapabilities(createClientFeatures('s', {}))).toEqual({});
  });
});
