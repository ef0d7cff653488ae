// The find bar's matches (issue 48): every occurrence in reading order, case-insensitive, over the
// text blocks only, numbered within each message so the right one is marked.
import { describe, expect, it } from 'vitest';
import { countIn, findMatches } from '../../../../../renderer/features/chat/find/find-matches';
import type { ChatMessage } from '../../../../../shared/chat/messages';

const message = (id: string, ...content: ChatMessage['content']): ChatMessage => ({
  id,
  conversationId: 'c',
  role: 'assistant',
  content,
  status: 'complete',
  createdAt: 0,
  seq: 0,
  stopReason: null,
  usage: null,
  error: null,
});
const text = (t: string) => ({ type: 'text', text: t });

describe('find matches', () => {
  it('lists every occurrence in order with its message and its place in it', () => {
    const messages = [
      message('a', text('The Walrus and the walrus.')),
      message('b', { type: 'tool_use', id: 't', name: 'walrus', input: { walrus: 1 } }),
      message('c', { type: 'thinking', thinking: 'walrus' }, text('WALRUS')),
    ];
    expect(findMatches(messages, 'walrus')).toEqual([
      { index: 0, messageId: 'a', nth: 0 },
      { index: 0, messageId: 'a', nth: 1 },
      { index: 2, messageId: 'c', nth: 0 },
    ]);
  });

  it('finds nothing for blank input and counts without overlap', () => {
    expect(findMatches([message('a', text('   '))], '  ')).toEqual([]);
    expect(countIn('aaaa', 'aa')).toBe(2);
    expect(countIn('abc', '')).toBe(0);
  });
});
