// Issue 16 in the store: a conversation's own tool switches (conversations.tools) and its kept branches
// (messages.parent_seq), on real SQLite files, including a database written before either existed.
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyToolSwitch, toolOn } from '../../../../shared/conversation-tools';
import { ConversationStore } from '../../../../electron/core/store/conversations';
import { openDatabase, type LenaDatabase } from '../../../../electron/core/store/database';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../electron/core/store/migrations';

let dir: string;
let file: string;
const open: LenaDatabase[] = [];
const store = () => {
  const { db } = openDatabase(file);
  open.push(db);
  return new ConversationStore(db);
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-h16-'));
  file = join(dir, 'lena.db');
});
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const say = (s: ConversationStore, id: string, role: 'user' | 'assistant', text: string) =>
  s.append(id, { role, content: [{ type: 'text', text }] });
const current = (s: ConversationStore, id: string) =>
  s.get(id).messages.map((m) => String(m.content[0].text));

describe('tool switches per conversation', () => {
  it('are stored with the conversation, survive a reopen, and are copied by Duplicate', () => {
    const s = store();
    const c = s.create();
    s.setTools(c.id, { offServers: ['fs'], tools: { mcp__every__echo: false } });
    open.pop()!.close();
    const again = store();
    expect(again.summary(c.id).tools).toEqual({
      offServers: ['fs'],
      tools: { mcp__every__echo: false },
    });
    expect(again.summary(again.duplicate(c.id).id).tools).toEqual({
      offServers: ['fs'],
      tools: { mcp__every__echo: false },
    });
    again.setTools(c.id, null);
    expect(again.summary(c.id).tools).toBeUndefined();
  });

  it('keep only what differs from the global switches', () => {
    const echo = { server: 'every', qualifiedName: 'mcp__every__echo', enabled: true };
    let choice = applyToolSwitch(
      null,
      { server: 'every', tool: echo.qualifiedName, on: false },
      true,
    );
    expect(choice).toEqual({ offServers: [], tools: { mcp__every__echo: false } });
    expect(toolOn(echo, choice)).toBe(false);
    expect(
      applyToolSwitch(choice, { server: 'every', tool: echo.qualifiedName, on: true }, true),
    ).toBeNull();
    choice = applyToolSwitch(null, { server: 'every', on: false }, undefined);
    expect(toolOn(echo, choice)).toBe(false);
    // A globally disabled tool switched on here, in a server that is on.
    expect(
      toolOn(
        { ...echo, enabled: false },
        applyToolSwitch(null, { server: 'every', tool: echo.qualifiedName, on: true }, false),
      ),
    ).toBe(true);
  });
});

describe('a database from before issue 16', () => {
  it('opens, migrates to the current schema, and keeps its conversations and branches', () => {
    // Schema 3 exactly as an older Lena left it: one Regenerate and one Edit kept as superseded rows.
    const raw = new DatabaseSync(file);
    for (const m of MIGRATIONS.slice(0, 3)) raw.exec(m);
    raw.exec('PRAGMA user_version = 3');
    raw.exec(
      `INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'Old', 1, 1)`,
    );
    const rows: [number, string, string, string][] = [
      [1, 'user', 'q1', 'complete'],
      [2, 'assistant', 'a1', 'superseded'], // regenerated
      [3, 'assistant', 'a1 again', 'complete'],
      [4, 'user', 'q2', 'superseded'], // edited
      [5, 'assistant', 'a2', 'superseded'],
      [6, 'user', 'q2 edited', 'complete'],
      [7, 'assistant', 'a2 edited', 'complete'],
    ];
    for (const [seq, role, text, status] of rows) {
      raw
        .prepare(
          'INSERT INTO messages (id, conversation_id, seq, role, content, status, created_at, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          `m${seq}`,
          'c1',
          seq,
          role,
          JSON.stringify([{ type: 'text', text }]),
          status,
          seq,
          text,
        );
    }
    raw.close();
    const s = store();
    expect(
      Number(
        (s.db.raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
      ),
    ).toBe(SCHEMA_VERSION);
    expect(current(s, 'c1')).toEqual(['q1', 'a1 again', 'q2 edited', 'a2 edited']);
    expect(s.summary('c1').tools).toBeUndefined();
    expect(s.branches('c1')).toEqual({
      m3: { index: 2, count: 2, siblings: ['m2', 'm3'] },
      m6: { index: 2, count: 2, siblings: ['m4', 'm6'] },
    });
    // Back to the first edit's branch and forth again: the inferred tree holds.
    s.switchBranch('c1', 'm4');
    expect(current(s, 'c1')).toEqual(['q1', 'a1 again', 'q2', 'a2']);
    expect(s.branches('c1').m4).toEqual({ index: 1, count: 2, siblings: ['m4', 'm6'] });
    s.switchBranch('c1', 'm6');
    expect(current(s, 'c1')).toEqual(['q1', 'a1 again', 'q2 edited', 'a2 edited']);
    s.switchBranch('c1', 'm2');
    expect(current(s, 'c1')).toEqual(['q1', 'a1']);
  });
});

describe('branches', () => {
  it('after Edit and Regenerate, each kept branch can be made current again, statuses kept', () => {
    const s = store();
    const c = s.create();
    say(s, c.id, 'user', 'question');
    const first = say(s, c.id, 'assistant', 'first answer');
    s.update(first.id, { status: 'incomplete' });
    // Regenerate: the answer is superseded, a new one follows the same prompt.
    s.supersedeFrom(c.id, first.seq);
    const second = say(s, c.id, 'assistant', 'second answer');
    say(s, c.id, 'user', 'follow-up');
    say(s, c.id, 'assistant', 'follow-up answer');
    expect(s.branches(c.id)).toEqual({
      [second.id]: { index: 2, count: 2, siblings: [first.id, second.id] },
    });

    s.switchBranch(c.id, first.id);
    expect(current(s, c.id)).toEqual(['question', 'first answer']);
    expect(s.message(first.id).status).toBe('incomplete');
    // A new message continues the branch now current.
    say(s, c.id, 'user', 'on the first branch');
    expect(current(s, c.id)).toEqual(['question', 'first answer', 'on the first branch']);

    s.switchBranch(c.id, second.id);
    expect(current(s, c.id)).toEqual([
      'question',
      'second answer',
      'follow-up',
      'follow-up answer',
    ]);

    // Edit of the first message: the roots become two branches.
    const q = s.get(c.id).messages[0];
    s.supersedeFrom(c.id, q.seq);
    const edited = say(s, c.id, 'user', 'question, edited');
    expect(s.branches(c.id)[edited.id]).toEqual({
      index: 2,
      count: 2,
      siblings: [q.id, edited.id],
    });
    s.switchBranch(c.id, q.id);
    // The line last written under the old question comes back, not merely its newest answer.
    expect(current(s, c.id)).toEqual(['question', 'first answer', 'on the first branch']);
  });

  it('refuses a message whose branch starts from a hidden one, and an unknown message', () => {
    const s = store();
    const c = s.create();
    say(s, c.id, 'user', 'q');
    const a = say(s, c.id, 'assistant', 'a');
    const u = say(s, c.id, 'user', 'q2');
    s.supersedeFrom(c.id, a.seq);
    say(s, c.id, 'assistant', 'a again');
    expect(() => s.switchBranch(c.id, u.id)).toThrow(/switch the earlier branch first/);
    expect(() => s.switchBranch(c.id, 'nope')).toThrow(/not in this conversation/);
  });
});
