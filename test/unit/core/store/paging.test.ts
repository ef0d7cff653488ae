// Long conversations open page by page: the newest messages with their tool calls, then older
// pages before a given seq, superseded branches left out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  openConversationStore,
  type OpenedConversationStore,
} from '../../../../electron/core/store/open-store';

let dir: string;
let opened: OpenedConversationStore;
afterEach(() => {
  opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('returns the newest page with its tool calls, then older pages until there are none', () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-paging-'));
  opened = openConversationStore(join(dir, 'lena.db'));
  const { store } = opened;
  const conv = store.create({ title: 'long' });
  for (let i = 0; i < 250; i++) {
    const m = store.append(conv.id, {
      role: i % 2 ? 'assistant' : 'user',
      content: [{ type: 'text', text: `message ${i}` }],
    });
    if (i === 240)
      store.upsertToolCall({
        id: 'toolu_late',
        conversationId: conv.id,
        messageId: m.id,
        server: 's',
        tool: 't',
        qualifiedName: 'mcp__s__t',
        input: {},
        status: 'done',
      });
    if (i === 3)
      store.upsertToolCall({
        id: 'toolu_early',
        conversationId: conv.id,
        messageId: m.id,
        server: 's',
        tool: 't',
        qualifiedName: 'mcp__s__t',
        input: {},
        status: 'done',
      });
  }
  const newest = store.page(conv.id, 100);
  expect(newest.messages.map((m) => m.content[0].text)).toEqual(
    Array.from({ length: 100 }, (_, i) => `message ${150 + i}`),
  );
  expect(newest.toolCalls.map((c) => c.id)).toEqual(['toolu_late']);
  expect(newest.hasOlder).toBe(true);
  const older = store.page(conv.id, 100, newest.messages[0].seq);
  expect(older.messages[0].content[0].text).toBe('message 50');
  const oldest = store.page(conv.id, 100, older.messages[0].seq);
  expect(oldest.messages).toHaveLength(50);
  expect(oldest.hasOlder).toBe(false);
  expect(oldest.toolCalls.map((c) => c.id)).toEqual(['toolu_early']);
  store.supersedeFrom(conv.id, newest.messages[90].seq);
  expect(store.page(conv.id, 100).messages.at(-1)?.content[0].text).toBe('message 239');
});
