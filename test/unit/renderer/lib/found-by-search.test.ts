// The tool card's "found by search" badge: set for a tool a search referenced (Anthropic's or
// Lena's own) in the same turn, not for a tool that was loaded all along.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/chat/messages';
import type { ToolCallView } from '../../../../shared/chat/tool-calls';
import { applyChatEvent, openChatFrom } from '../../../../renderer/lib/chat-reducer';
import { foundBySearch } from '../../../../renderer/lib/found-by-search';

const msg = (id: string, role: 'user' | 'assistant', content: unknown[]): ChatMessage =>
  ({ id, role, content }) as unknown as ChatMessage;

describe('foundBySearch', () => {
  it('is true for a tool Anthropic’s search referenced in the same message, false for another tool', () => {
    const messages = [
      msg('u1', 'user', [{ type: 'text', text: 'post' }]),
      msg('a1', 'assistant', [
        { type: 'server_tool_use', id: 's1', name: 'tool_search_tool_bm25', input: {} },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 's1',
          content: {
            type: 'tool_search_tool_search_result',
            tool_references: [
              { type: 'tool_reference', tool_name: 'mcp__slack__slack_post_message' },
            ],
          },
        },
        { type: 'tool_use', id: 't1', name: 'mcp__slack__slack_post_message', input: {} },
      ]),
    ];
    expect(foundBySearch(messages, 'a1', 'mcp__slack__slack_post_message', {})).toBe(true);
    expect(foundBySearch(messages, 'a1', 'mcp__github__create_issue', {})).toBe(false);
  });

  it('is true for a tool Lena’s own search loaded earlier in the turn', () => {
    const messages = [
      msg('u1', 'user', [{ type: 'text', text: 'post' }]),
      msg('a1', 'assistant', [
        { type: 'tool_use', id: 'ls', name: 'lena_tool_search', input: { query: 'slack' } },
      ]),
      msg('u2', 'user', [{ type: 'tool_result', tool_use_id: 'ls', content: 'Loaded 1 tools' }]),
      msg('a2', 'assistant', [
        { type: 'tool_use', id: 't1', name: 'mcp__slack__slack_post_message', input: {} },
      ]),
    ];
    const calls = {
      ls: {
        result: {
          content: [
            {
              type: 'text',
              text: 'Loaded 1 tools; call them directly:\n- mcp__slack__slack_post_message: [slack] Post',
            },
          ],
        },
      } as unknown as ToolCallView,
    };
    expect(foundBySearch(messages, 'a2', 'mcp__slack__slack_post_message', calls)).toBe(true);
    expect(foundBySearch(messages, 'a2', 'mcp__slack__slack_post_message', {})).toBe(false);
  });
});

describe('the request-tools event', () => {
  it('keeps the latest request’s loaded and deferred counts for the composer', () => {
    const chat = openChatFrom({
      id: 'c1',
      title: 't',
      createdAt: 0,
      updatedAt: 0,
      model: null,
      messageCount: 0,
      messages: [],
      toolCalls: [],
    });
    const next = applyChatEvent(chat, {
      type: 'request-tools',
      conversationId: 'c1',
      engaged: true,
      mode: 'native',
      loaded: 2,
      deferred: 498,
      tokens: 900,
      allTokens: 153_000,
    });
    expect(next.lastRequestTools).toEqual({
      engaged: true,
      mode: 'native',
      loaded: 2,
      deferred: 498,
      tokens: 900,
      allTokens: 153_000,
    });
    expect(
      applyChatEvent(chat, {
        type: 'request-tools',
        conversationId: 'other',
        engaged: false,
        mode: null,
        loaded: 1,
        deferred: 0,
        tokens: 1,
        allTokens: 1,
      }),
    ).toBe(chat);
  });
});
