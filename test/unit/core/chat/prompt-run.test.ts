// A server's prompt run into a conversation (issue 22): its messages are stored as the server's,
// its own text unwrapped and its embedded resources wrapped as untrusted, and the next request
// still goes through the builder (consecutive roles merged, never ending with an assistant
// message), which the stand-in API checks.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getPrompt } from '../../../../electron/core/mcp/manager/offerings';
import { reply, text } from '../../../fixtures/messages-api';
import { chatHarness, type ChatHarness } from './harness';

let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const EVERYTHING = {
  command: process.execPath,
  args: [
    join(
      __dirname,
      '../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    ),
    'stdio',
  ],
};

describe('running a prompt', () => {
  it('stores server-everything’s prompt with an embedded resource as the server’s, and answers it at once', async () => {
    h = await chatHarness({ servers: { everything: EVERYTHING } });
    h.api.push(reply(text('Resource 2 says hello.')));
    const conv = h.store.create();
    const prompt = await getPrompt(h.manager, 'everything', 'resource-prompt', {
      resourceType: 'Text',
      resourceId: '2',
    });
    const { turnId } = h.engine.insertPrompt(
      conv.id,
      { kind: 'prompt', server: 'everything', prompt: 'resource-prompt' },
      prompt.messages,
    );
    expect(turnId).not.toBeNull();
    await expect.poll(() => h!.events.some((e) => e.type === 'turn-ended')).toBe(true);
    const stored = h.store.get(conv.id).messages;
    const inserted = stored.filter((m) => m.origin);
    expect(inserted.length).toBeGreaterThanOrEqual(2);
    expect(
      inserted.every(
        (m) =>
          m.origin?.kind === 'prompt' &&
          m.origin.server === 'everything' &&
          m.origin.prompt === 'resource-prompt',
      ),
    ).toBe(true);
    expect(stored[stored.length - 1].role).toBe('assistant');
    expect(stored[stored.length - 1].origin).toBeUndefined();
    const body = h.api.messageRequests()[0].body as {
      messages: { role: string; content: { type: string; text?: string; title?: string }[] }[];
    };
    // Two user messages of the prompt became one user turn: the prompt's text as it is, the
    // embedded resource a document wrapped as untrusted data, with no title outside the markers.
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].content.map((b) => b.type)).toEqual(['text', 'document']);
    expect(body.messages[0].content[0].text).not.toContain('untrusted-tool-output');
    const doc = body.messages[0].content[1] as unknown as {
      title?: string;
      source: { data: string };
    };
    expect(doc.title).toBeUndefined();
    expect(doc.source.data).toMatch(
      /^<untrusted-tool-output boundary="[^"]+">\nMCP resource demo:\/\/resource\/dynamic\/text\/2 \(text\/plain\) embedded in the prompt:/,
    );
  }, 30_000);

  it('a prompt ending with an assistant message starts no turn; the next request ends with the user’s message', async () => {
    h = await chatHarness();
    h.api.push(reply(text('Sure.')));
    const conv = h.store.create();
    const origin = { kind: 'prompt' as const, server: 'srv', prompt: 'review' };
    const { turnId } = h.engine.insertPrompt(conv.id, origin, [
      { role: 'user', content: { type: 'text', text: 'Review my code.' } },
      { role: 'user', content: { type: 'text', text: 'Be strict.' } },
      { role: 'assistant', content: { type: 'text', text: 'I will review it strictly.' } },
    ]);
    expect(turnId).toBeNull();
    expect(h.api.messageRequests()).toHaveLength(0);
    // The conversation is titled by the prompt's first words, and keeps that title after a reply.
    expect(h.store.summary(conv.id).title).toBe('Review my code.');
    await h.engine.send(conv.id, 'Here it is: x = 1').done;
    expect(h.store.summary(conv.id).title).toBe('Review my code.');
    const body = h.api.messageRequests()[0].body as {
      messages: { role: string; content: { type: string; text: string }[] }[];
    };
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages[0].content.map((b) => b.text)).toEqual(['Review my code.', 'Be strict.']);
    expect(body.messages[2].content.map((b) => b.text)).toEqual(['Here it is: x = 1']);
  });

  it('a prompt with no text of its own titles the conversation by its name and server', async () => {
    h = await chatHarness();
    const conv = h.store.create();
    h.engine.insertPrompt(conv.id, { kind: 'prompt', server: 'srv', prompt: 'greeting' }, [
      { role: 'assistant', content: { type: 'text', text: 'Hello, how can I help?' } },
    ]);
    expect(h.store.summary(conv.id).title).toBe('greeting (srv)');
  });

  it('refuses a prompt that returned nothing usable, storing nothing', async () => {
    h = await chatHarness();
    const conv = h.store.create();
    expect(() =>
      h!.engine.insertPrompt(conv.id, { kind: 'prompt', server: 's', prompt: 'p' }, [
        { role: 'user', content: { type: 'text', text: '   ' } },
      ]),
    ).toThrow(/returned no messages/);
    expect(h.store.get(conv.id).messages).toHaveLength(0);
  });
});
