// The request's messages from what is stored: a tool_use travels only with its result right
// after it (the API's rule), so a result stored later, out of place, never pairs with it.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../../shared/chat/messages';
import { toApiMessages } from '../../../../electron/core/chat/history';

let seq = 0;
const msg = (role: 'user' | 'assistant', ...content: ContentBlock[]): ChatMessage => ({
  id: `m${++seq}`,
  conversationId: 'c',
  role,
  content,
  status: 'complete',
  createdAt: seq,
  seq,
  stopReason: null,
  usage: null,
  error: null,
});
const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const use = (id: string): ContentBlock => ({ type: 'tool_use', id, name: 'mcp__s__t', input: {} });
const result = (id: string): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text: 'r' }],
});
const kinds = (m: ReturnType<typeof toApiMessages>) =>
  m.map(
    (x) =>
      `${x.role}:${(x.content as Array<{ type: string; id?: string; tool_use_id?: string }>).map((b) => b.id ?? b.tool_use_id ?? b.type).join(',')}`,
  );

describe('tool_use and tool_result pairing', () => {
  it('keeps a pair that is adjacent, also across merged messages', () => {
    const out = toApiMessages([
      msg('user', text('hi')),
      msg('assistant', text('a'), use('A')),
      msg('user', result('A')),
      msg('assistant', text('done')),
      msg('user', text('next')),
    ]);
    expect(kinds(out)).toEqual([
      'user:text',
      'assistant:text,A',
      'user:A',
      'assistant:text',
      'user:text',
    ]);
  });

  it('drops a tool_use whose result came later and out of place, and that result', () => {
    const out = toApiMessages([
      msg('user', text('hi')),
      msg('assistant', text('a'), use('A')),
      msg('user', text('more')),
      msg('assistant', text('b')),
      msg('user', result('A'), text('and')),
    ]);
    expect(kinds(out)).toEqual([
      'user:text',
      'assistant:text',
      'user:text',
      'assistant:text',
      'user:text',
    ]);
  });

  it('a late result sent as a new turn under a fresh id pairs, beside the old pair', () => {
    const out = toApiMessages([
      msg('user', text('hi')),
      msg('assistant', use('A')),
      msg('user', result('A')),
      msg('assistant', text('stopped')),
      msg('assistant', use('B')),
      msg('user', result('B')),
    ]);
    expect(kinds(out)).toEqual([
      'user:text',
      'assistant:A',
      'user:A',
      'assistant:text,B',
      'user:B',
    ]);
  });
});
