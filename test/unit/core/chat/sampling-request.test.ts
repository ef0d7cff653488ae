import { describe, expect, it } from 'vitest';
import { buildSamplingRequest } from '../../../../electron/core/chat/sampling-request';
import type { ModelLimits } from '../../../../electron/core/chat/models';
import { parseSamplingParams } from '../../../../electron/core/mcp/client-features/sampling';

const limits: ModelLimits = {
  id: 'claude-test',
  displayName: 'Claude Test',
  maxOutputTokens: 8000,
  maxInputTokens: 200000,
  thinking: [],
  effort: [],
  source: 'built-in',
};

describe('a sampling request through the chat request builder', () => {
  it('drops refused parameters without a notice, clamps maxTokens (said), keeps the server system prompt', async () => {
    const req = parseSamplingParams({
      messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
      maxTokens: 50_000,
      temperature: 0.7,
      metadata: { trace: 'x' },
      systemPrompt: 'You are a test server.',
    });
    const built = await buildSamplingRequest(req, 'claude-test', limits);
    if ('error' in built) throw new Error(built.error);
    expect(built.params).toEqual({
      model: 'claude-test',
      max_tokens: 8000,
      system: 'You are a test server.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
    expect(built.params).not.toHaveProperty('temperature');
    expect(built.params).not.toHaveProperty('metadata');
    // The user reviews what goes to Claude: parameters the API refuses are not explained to them.
    expect(built.notices).toEqual([
      expect.stringMatching(/maxTokens 50,000 is above what Claude Test allows; 8,000 is used/),
    ]);
  });

  it('never ends with an assistant turn, sends no empty text, merges same-role messages', async () => {
    const req = parseSamplingParams({
      maxTokens: 10,
      messages: [
        { role: 'user', content: { type: 'text', text: 'one' } },
        {
          role: 'user',
          content: [
            { type: 'text', text: '  \n' },
            { type: 'text', text: 'two' },
          ],
        },
        { role: 'assistant', content: { type: 'text', text: 'Sure, here is' } },
      ],
    });
    const built = await buildSamplingRequest(req, 'claude-test', limits);
    if ('error' in built) throw new Error(built.error);
    expect(built.params.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
    ]);
    expect(built.notices.join('\n')).toMatch(/ended with an assistant message; it was left out/);
  });

  it('refuses a request with nothing sendable', async () => {
    const req = parseSamplingParams({
      maxTokens: 10,
      messages: [{ role: 'user', content: { type: 'text', text: '   ' } }],
    });
    expect(await buildSamplingRequest(req, 'claude-test', limits)).toEqual({
      error: expect.stringMatching(/no text or image/),
    });
  });

  it('checks images from their bytes like chat does (a non-image is left out with a note)', async () => {
    const req = parseSamplingParams({
      maxTokens: 10,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            {
              type: 'image',
              data: Buffer.from('not an image').toString('base64'),
              mimeType: 'image/png',
            },
          ],
        },
      ],
    });
    const built = await buildSamplingRequest(req, 'claude-test', limits);
    if ('error' in built) throw new Error(built.error);
    const blocks = built.params.messages[0].content as { type: string }[];
    expect(blocks.some((b) => b.type === 'image')).toBe(false);
    expect(built.notices.length).toBeGreaterThan(0);
  });
});
