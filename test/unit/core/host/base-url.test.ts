// RELIABILITY security 36: the window's turn with ANTHROPIC_BASE_URL naming plain http to a host
// that is not this machine's loopback: refused before the key is sent, with the rule's words and
// the way to Settings.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../shared/chat/events';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../../fixtures/messages-api';
import { newHost } from './host-harness';
import { ERROR_CODE } from '../../../../shared/result';

let api: MessagesApiServer | undefined;
afterEach(async () => {
  await api?.close();
});

describe('the API endpoint from the environment', () => {
  it('a plain-http ANTHROPIC_BASE_URL to a non-loopback host gets no request and a clear error', async () => {
    api = await startMessagesApiServer();
    api.push(reply(text('Should never be asked.')));
    // 0.0.0.0 is not loopback under the rule, yet Linux delivers it to the scripted API: a key
    // sent there would be recorded.
    const { host, call } = newHost('lena-base-url-', {
      env: {
        ANTHROPIC_API_KEY: 'sk-ant-host-test',
        ANTHROPIC_BASE_URL: `http://0.0.0.0:${new URL(api.url).port}`,
      },
    });
    const ended: ChatEvent[] = [];
    host.events.forward((event, payload) => {
      if (event === 'chat:progressed' && (payload as ChatEvent).type === 'turn-ended')
        ended.push(payload as ChatEvent);
    });
    const conversation = await call<{ id: string }>('conversations:create');
    await call('chat:send', { conversationId: conversation.id, text: 'hello' });
    await expect.poll(() => ended.length, { timeout: 15_000 }).toBe(1);
    expect(ended[0]).toMatchObject({
      error: { code: ERROR_CODE.apiError, action: 'open-settings' },
    });
    expect((ended[0] as { error: { message: string } }).error.message).toContain(
      'plain http is allowed only for this machine',
    );
    expect(api.requests).toEqual([]);
  });
});
