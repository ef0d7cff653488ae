import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationStore } from '../../../../electron/core/store/conversations';
import { openDatabase, type LenaDatabase } from '../../../../electron/core/store/database';
import type { ToolCallUpsert } from '../../../../electron/core/store/tool-calls';
import { ERROR_CODE } from '../../../../shared/result';

let dir: string;
let db: LenaDatabase;
let store: ConversationStore;
let clock: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-conv-'));
  db = openDatabase(join(dir, 'lena.db')).db;
  clock = 1_000;
  store = new ConversationStore(db, () => ++clock);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = (t: string) => [{ type: 'text', text: t }];

function toolCall(
  conversationId: string,
  messageId: string,
  patch: Partial<ToolCallUpsert> = {},
): ToolCallUpsert {
  return {
    id: 'toolu_1',
    conversationId,
    messageId,
    server: 'fs',
    tool: 'read_file',
    qualifiedName: 'mcp__fs__read_file',
    input: { path: '/tmp/a' },
    status: 'pending',
    ...patch,
  };
}

describe('ConversationStore', () => {
  it('creates, renames and lists conversations, most recently updated first', () => {
    const a = store.create({ model: 'claude-sonnet-5' });
    const b = store.create({ title: '  Second  ' });
    expect(a).toMatchObject({
      title: 'New conversation',
      model: 'claude-sonnet-5',
      messageCount: 0,
    });
    expect(b.title).toBe('Second');
    store.append(a.id, { role: 'user', content: text('hi') });
    expect(store.list().map((c) => c.id)).toEqual([a.id, b.id]);
    expect(store.rename(b.id, 'Renamed').title).toBe('Renamed');
    expect(store.list()[0]).toMatchObject({ id: b.id, title: 'Renamed' });
    expect(() => store.rename(b.id, '   ')).toThrow(/cannot be empty/);
    expect(() => store.rename('nope', 'x')).toThrow(/does not exist/);
  });

  it('stores messages in order with content, usage, stop reason and error', () => {
    const c = store.create();
    const user = store.append(c.id, { role: 'user', content: text('question') });
    const answer = store.append(c.id, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'answer' },
        { type: 'tool_use', id: 'toolu_1', name: 'x', input: { a: [1, 'é'] } },
      ],
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 2, cacheCreationTokens: 0 },
      stopReason: 'tool_use',
    });
    expect([user.seq, answer.seq]).toEqual([1, 2]);
    const got = store.get(c.id);
    expect(got.messageCount).toBe(2);
    expect(got.messages[1]).toMatchObject({
      role: 'assistant',
      status: 'complete',
      stopReason: 'tool_use',
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 2, cacheCreationTokens: 0 },
      content: [
        { type: 'text', text: 'answer' },
        { type: 'tool_use', id: 'toolu_1', name: 'x', input: { a: [1, 'é'] } },
      ],
    });
    expect(() => store.append('missing', { role: 'user', content: text('x') })).toThrow(
      /does not exist/,
    );
  });

  it('appends blocks one by one to a streaming message, then completes it', () => {
    const c = store.create();
    const m = store.append(c.id, { role: 'assistant', content: [], status: 'streaming' });
    store.appendBlock(m.id, { type: 'text', text: 'first' });
    store.appendBlock(m.id, { type: 'tool_use', id: 'toolu_9', name: 't', input: {} });
    store.appendBlock(m.id, { type: 'text', text: 'second' });
    expect(store.message(m.id).content.map((b) => b.type)).toEqual(['text', 'tool_use', 'text']);
    const done = store.update(m.id, { status: 'complete', stopReason: 'end_turn' });
    expect(done).toMatchObject({ status: 'complete', stopReason: 'end_turn' });
    expect(store.search('second')).toHaveLength(1);
    expect(() => store.appendBlock('missing', { type: 'text', text: 'x' })).toThrow(
      /does not exist/,
    );
  });

  it('supersedes from a seq on edit: old branch kept, hidden by default, new messages continue after it', () => {
    const c = store.create();
    store.append(c.id, { role: 'user', content: text('one') });
    store.append(c.id, { role: 'assistant', content: text('answer one') });
    const edited = store.append(c.id, { role: 'user', content: text('two') });
    store.append(c.id, { role: 'assistant', content: text('answer two') });
    expect(store.supersedeFrom(c.id, edited.seq)).toBe(2);
    const replacement = store.append(c.id, { role: 'user', content: text('two, edited') });
    expect(replacement.seq).toBe(5);
    expect(store.get(c.id).messages.map((m) => m.content[0].text)).toEqual([
      'one',
      'answer one',
      'two, edited',
    ]);
    const all = store.get(c.id, { includeSuperseded: true }).messages;
    expect(all.filter((m) => m.status === 'superseded').map((m) => m.seq)).toEqual([3, 4]);
    expect(store.summary(c.id).messageCount).toBe(3);
  });

  it('upserts tool calls as they move through the gate, keeping the full result', () => {
    const c = store.create();
    const m = store.append(c.id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__fs__read_file', input: {} }],
    });
    store.upsertToolCall(toolCall(c.id, m.id));
    store.upsertToolCall(
      toolCall(c.id, m.id, {
        status: 'running',
        decision: 'allow-once',
        decidedBy: 'user',
        startedAt: 5000,
      }),
    );
    const big = { content: [{ type: 'text', text: 'x'.repeat(2_000_000) }] };
    const done = store.upsertToolCall(
      toolCall(c.id, m.id, {
        status: 'done',
        result: big,
        endedAt: 5250,
        resultBytes: 2_000_030,
        truncated: true,
      }),
    );
    expect(done).toMatchObject({
      status: 'done',
      decision: 'allow-once',
      decidedBy: 'user',
      startedAt: 5000,
      endedAt: 5250,
      durationMs: 250,
      truncated: true,
      isError: false,
    });
    expect((store.get(c.id).toolCalls[0].result as typeof big).content[0].text).toHaveLength(
      2_000_000,
    );
    expect(() => store.upsertToolCall(toolCall(c.id, 'no-message'))).toThrow(/does not exist/);
  });

  it('duplicates the current branch with its tool calls, remembering the source', () => {
    const c = store.create({ title: 'Original', model: 'm' });
    store.append(c.id, { role: 'user', content: text('old') });
    store.supersedeFrom(c.id, 1);
    store.append(c.id, { role: 'user', content: text('q') });
    const m = store.append(c.id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }],
    });
    store.upsertToolCall(toolCall(c.id, m.id, { status: 'done', result: { content: [] } }));
    const copy = store.duplicate(c.id);
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      model: 'm',
      parentId: c.id,
      messageCount: 2,
      branchFromSeq: 3,
    });
    const got = store.get(copy.id);
    expect(got.messages.map((x) => x.content)).toEqual([
      text('q'),
      [{ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }],
    ]);
    expect(got.toolCalls).toEqual([
      expect.objectContaining({ id: 'toolu_1', messageId: got.messages[1].id, status: 'done' }),
    ]);
    // The source is untouched.
    expect(store.get(c.id).toolCalls[0].messageId).toBe(m.id);
    expect(store.duplicate(c.id, { upToSeq: 2, title: 'Branch' })).toMatchObject({
      title: 'Branch',
      messageCount: 1,
    });
  });

  it('deletes to the trash, restores, and purges with messages and tool calls', () => {
    const c = store.create();
    const m = store.append(c.id, { role: 'assistant', content: text('hello world') });
    store.upsertToolCall(toolCall(c.id, m.id));
    store.delete(c.id);
    expect(store.list()).toEqual([]);
    expect(store.search('hello')).toEqual([]);
    expect(store.restore(c.id).deletedAt).toBeNull();
    expect(store.search('hello')).toHaveLength(1);
    store.delete(c.id);
    expect(store.purgeDeleted(clock + 1)).toBe(1);
    expect(() => store.get(c.id)).toThrow(/does not exist/);
    const leftovers = db.raw
      .prepare(
        'SELECT (SELECT count(*) FROM messages) AS m, (SELECT count(*) FROM tool_calls) AS t',
      )
      .get();
    expect(leftovers).toEqual({ m: 0, t: 0 });
  });

  it('recoverInterrupted marks what a finished writer left streaming as incomplete and its calls cancelled', () => {
    const c = store.create();
    store.append(c.id, { role: 'user', content: text('q') });
    const m = store.append(c.id, {
      role: 'assistant',
      content: text('partial'),
      status: 'streaming',
    });
    store.upsertToolCall(toolCall(c.id, m.id, { status: 'running', startedAt: 1 }));
    // Our own live turn is never touched.
    expect(store.recoverInterrupted()).toEqual({ messages: 0, toolCalls: 0 });
    store.endSession(); // the writer went away with the turn unfinished
    const next = new ConversationStore(db);
    expect(next.recoverInterrupted()).toEqual({ messages: 1, toolCalls: 1 });
    const got = next.get(c.id);
    expect(got.messages[1]).toMatchObject({
      status: 'incomplete',
      content: text('partial'),
      error: { code: ERROR_CODE.interrupted },
    });
    expect(got.toolCalls[0]).toMatchObject({
      status: 'cancelled',
      errorMessage: expect.stringContaining('stopped'),
    });
    expect(next.recoverInterrupted()).toEqual({ messages: 0, toolCalls: 0 });
  });

  it("recoverInterrupted leaves a live process's turn alone and recovers a dead process's", () => {
    const c = store.create();
    const stamp = (pid: number) => {
      const session = randomUUID();
      db.prepare('INSERT INTO sessions (id, pid, started_at) VALUES (?, ?, ?)').run(
        session,
        pid,
        Date.now(),
      );
      const m = store.append(c.id, {
        role: 'assistant',
        content: text(`from ${pid}`),
        status: 'streaming',
      });
      db.prepare('UPDATE messages SET session_id = ? WHERE id = ?').run(session, m.id);
      return m.id;
    };
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const liveId = stamp(process.ppid); // the test runner's parent: alive, not us
    const deadId = stamp(dead);
    expect(new ConversationStore(db).recoverInterrupted().messages).toBe(1);
    expect(store.message(liveId).status).toBe('streaming');
    // Another store in this same process is alive too.
    const own = store.append(c.id, {
      role: 'assistant',
      content: text('ours'),
      status: 'streaming',
    });
    new ConversationStore(db).recoverInterrupted();
    expect(store.message(own.id).status).toBe('streaming');
    expect(store.message(deadId).status).toBe('incomplete');
  });
});
