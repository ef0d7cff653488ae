import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationStore } from '../../../../electron/core/store/conversations';
import { openDatabase, type LenaDatabase } from '../../../../electron/core/store/database';
import { slug } from '../../../../electron/core/store/export';
import { toFtsQuery } from '../../../../electron/core/store/search';

let dir: string;
let db: LenaDatabase;
let store: ConversationStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-search-'));
  db = openDatabase(join(dir, 'lena.db')).db;
  store = new ConversationStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = (t: string) => [{ type: 'text', text: t }];

describe('search', () => {
  it('finds words across conversations with a highlighted snippet and the conversation id', () => {
    const a = store.create({ title: 'Trip' });
    const b = store.create({ title: 'Code' });
    store.append(a.id, {
      role: 'user',
      content: text('Plan a trip to the Café in Zürich next week'),
    });
    store.append(b.id, {
      role: 'assistant',
      content: text('The refactoring is done; zurich is unrelated here'),
    });
    const hits = store.search('zurich cafe');
    expect(hits).toEqual([
      expect.objectContaining({
        conversationId: a.id,
        conversationTitle: 'Trip',
        snippet: expect.stringContaining('«Zürich»'),
      }),
    ]);
    expect(
      store
        .search('zuri')
        .map((h) => h.conversationId)
        .sort(),
    ).toEqual([a.id, b.id].sort()); // prefix while typing
  });

  it('never throws on FTS syntax in the query and ignores superseded messages', () => {
    const c = store.create();
    store.append(c.id, {
      role: 'user',
      content: text('old wording about "quotes" AND NEAR(stuff)'),
    });
    store.supersedeFrom(c.id, 1);
    for (const q of ['"', 'AND', 'NEAR(', '*', '-x', 'a:b', '(', "'", ''])
      expect(() => store.search(q)).not.toThrow();
    expect(store.search('wording')).toEqual([]);
    expect(toFtsQuery('he said "hi"')).toBe('"he" "said" "hi"*');
    expect(toFtsQuery('  !! ')).toBeUndefined();
  });

  it('indexes text appended block by block and text rewritten by update', () => {
    const c = store.create();
    const m = store.append(c.id, { role: 'assistant', content: [], status: 'streaming' });
    store.appendBlock(m.id, { type: 'text', text: 'alpha' });
    store.appendBlock(m.id, { type: 'text', text: 'bravo' });
    expect(store.search('bravo')).toHaveLength(1);
    store.update(m.id, { content: text('charlie only') });
    expect(store.search('alpha')).toEqual([]);
    expect(store.search('charlie')).toHaveLength(1);
  });
});

describe('export', () => {
  function conversationWithTool() {
    const c = store.create({ title: 'Read the ```notes```', model: 'claude-sonnet-5' });
    store.append(c.id, { role: 'user', content: text('Read /tmp/notes.txt') });
    const m = store.append(c.id, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading it.' },
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'mcp__fs__read_file',
          input: { path: '/tmp/notes.txt' },
        },
      ],
    });
    store.upsertToolCall({
      id: 'toolu_1',
      conversationId: c.id,
      messageId: m.id,
      server: 'fs',
      tool: 'read_file',
      qualifiedName: 'mcp__fs__read_file',
      input: { path: '/tmp/notes.txt' },
      status: 'done',
      result: { content: [{ type: 'text', text: 'line one\n```\nnot the end of the fence' }] },
      decision: 'allow-once',
      decidedBy: 'user',
      startedAt: 10,
      endedAt: 42,
    });
    store.append(c.id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'line one' }],
    });
    store.append(c.id, {
      role: 'assistant',
      content: text('It says: line one. Key sk-ant-api03-abcdefghijkl was in it.'),
      status: 'incomplete',
    });
    return c;
  }

  it('writes Markdown with speakers, tool calls (input, result, timing, decision) and safe fences', () => {
    const c = conversationWithTool();
    const { filename, content } = store.export(c.id, 'markdown', {
      now: () => new Date('2026-11-29T00:00:00Z'),
    });
    expect(filename).toBe('read-the-notes.md');
    expect(content).toContain('# Read the ```notes```');
    expect(content).toContain('model claude-sonnet-5');
    expect(content).toContain('## You\n\nRead /tmp/notes.txt');
    expect(content).toContain(
      '**Tool call** `mcp__fs__read_file` (done, 32 ms, allow-once by user)',
    );
    expect(content).toContain('"path": "/tmp/notes.txt"');
    // The result's own ``` cannot close the fence around it.
    expect(content).toMatch(/````\nline one\n```\nnot the end of the fence\n````/);
    expect(content).toContain('_(incomplete: the answer was interrupted)_');
    expect(content.match(/## You/g)).toHaveLength(1); // the tool_result message is shown under its call
  });

  it('writes JSON with messages and full tool calls, scrubbing secrets', () => {
    const c = conversationWithTool();
    const { filename, content } = store.export(c.id, 'json', { secrets: ['/tmp/notes.txt'] });
    expect(filename).toBe('read-the-notes.json');
    const doc = JSON.parse(content);
    expect(doc).toMatchObject({
      format: 'lena-conversation',
      version: 1,
      conversation: { id: c.id, model: 'claude-sonnet-5' },
    });
    expect(doc.messages).toHaveLength(4);
    expect(doc.toolCalls[0]).toMatchObject({
      id: 'toolu_1',
      status: 'done',
      durationMs: 32,
      decision: 'allow-once',
    });
    expect(content).not.toContain('/tmp/notes.txt');
    expect(content).not.toContain('sk-ant-api03');
  });

  it('makes file names from any title', () => {
    expect(slug('Ça va? Ünïcode / slashes\\ and spaces')).toBe('ca-va-unicode-slashes-and-spaces');
    expect(slug('???')).toBe('conversation');
    expect(slug('日本語のタイトル')).toBe('日本語のタイトル');
  });
});
