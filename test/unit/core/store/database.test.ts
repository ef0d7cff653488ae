import { randomBytes } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkSqliteRuntime,
  openDatabase,
  type LenaDatabase,
} from '../../../../electron/core/store/database';
import { ConversationStore } from '../../../../electron/core/store/conversations';
import { migrate, SCHEMA_VERSION } from '../../../../electron/core/store/migrations';

let dir: string;
let file: string;
const open: LenaDatabase[] = [];
const track = (r: ReturnType<typeof openDatabase>) => (open.push(r.db), r);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-db-'));
  file = join(dir, 'lena.db');
});
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function fillDatabase(messages: number): void {
  const { db } = openDatabase(file);
  const store = new ConversationStore(db);
  const c = store.create({ title: 'Filled' });
  db.transaction(() => {
    for (let i = 0; i < messages; i++)
      store.append(c.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: [{ type: 'text', text: `message ${i} ${'x'.repeat(500)}` }],
      });
  });
  db.close();
}

describe('openDatabase', () => {
  it('creates a WAL database with foreign keys on and the current schema version', () => {
    const { db, notice } = track(openDatabase(file));
    expect(notice).toBeUndefined();
    const pragma = (sql: string) => Object.values(db.raw.prepare(sql).get() as object)[0];
    expect(pragma('PRAGMA journal_mode')).toBe('wal');
    expect(pragma('PRAGMA foreign_keys')).toBe(1);
    expect(pragma('PRAGMA synchronous')).toBe(1); // NORMAL
    expect(pragma('PRAGMA user_version')).toBe(SCHEMA_VERSION);
  });

  it('reopens an existing database without losing data or re-running migrations', () => {
    fillDatabase(3);
    const { db, notice } = track(openDatabase(file));
    expect(notice).toBeUndefined();
    expect(new ConversationStore(db).list()).toEqual([
      expect.objectContaining({ title: 'Filled', messageCount: 3 }),
    ]);
  });

  it('moves a file of garbage bytes aside, says so, and starts a fresh database', () => {
    const garbage = randomBytes(16384);
    writeFileSync(file, garbage);
    const { db, notice, movedTo } = track(
      openDatabase(file, { now: () => new Date('2026-11-29T10:20:30.456Z') }),
    );
    expect(movedTo).toBe(`${file}.corrupt-2026-11-29T10-20-30-456Z`);
    expect(readFileSync(movedTo!)).toEqual(garbage); // never overwritten
    expect(notice).toContain(file);
    expect(notice).toContain(movedTo);
    expect(new ConversationStore(db).list()).toEqual([]);
    expect(new ConversationStore(db).create().title).toBe('New conversation');
  });

  it('moves a truncated real database aside', () => {
    fillDatabase(400);
    const size = statSync(file).size;
    truncateSync(file, Math.floor(size / 2));
    const { db, notice, movedTo } = track(openDatabase(file));
    expect(notice).toMatch(/could not be read/);
    expect(statSync(movedTo!).size).toBe(Math.floor(size / 2));
    expect(new ConversationStore(db).list()).toEqual([]);
  });

  it('moves the WAL and shared-memory files along with a corrupt database', () => {
    writeFileSync(file, randomBytes(4096));
    writeFileSync(`${file}-wal`, 'wal bytes');
    writeFileSync(`${file}-shm`, 'shm bytes');
    const { movedTo } = track(openDatabase(file));
    expect(readFileSync(`${movedTo}-wal`, 'utf8')).toBe('wal bytes');
    expect(readFileSync(`${movedTo}-shm`, 'utf8')).toBe('shm bytes');
  });

  it('refuses a database from a newer Lena without moving it', () => {
    fillDatabase(1);
    const { db } = openDatabase(file);
    db.raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(/newer version of Lena/);
    expect(readdirSync(dir).filter((n) => n.includes('corrupt'))).toEqual([]);
  });

  it('runs migrations in order, each once', () => {
    const { db } = track(openDatabase(':memory:'));
    const steps = ['CREATE TABLE a (x)', 'CREATE TABLE b (y)'];
    db.raw.exec('PRAGMA user_version = 0');
    expect(migrate(db.raw, steps)).toEqual({ from: 0, to: 2 });
    expect(migrate(db.raw, steps)).toEqual({ from: 2, to: 2 });
    expect(() => migrate(db.raw, [...steps, 'CREATE TABLE broken ('])).toThrow(
      /migration 3 failed/,
    );
    expect(Object.values(db.raw.prepare('PRAGMA user_version').get() as object)[0]).toBe(2);
  });

  it('rolls a failed transaction back and keeps nested work atomic', () => {
    const { db } = track(openDatabase(file));
    const store = new ConversationStore(db);
    expect(() =>
      db.transaction(() => {
        store.create({ title: 'kept?' });
        db.transaction(() => store.create({ title: 'inner' }));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.list()).toEqual([]);
  });
});

describe('errors a user can act on', () => {
  it('a full disk rolls the write back and says so, and the store keeps working', () => {
    const { db } = track(openDatabase(file));
    const store = new ConversationStore(db);
    const c = store.create();
    store.append(c.id, { role: 'user', content: [{ type: 'text', text: 'kept' }] });
    // A tiny page budget makes SQLite report SQLITE_FULL exactly as a full disk would.
    const pages = Number(
      (db.raw.prepare('PRAGMA page_count').get() as { page_count: number }).page_count,
    );
    db.raw.exec(`PRAGMA max_page_count = ${pages + 2}`);
    const big = [{ type: 'text', text: 'x'.repeat(200_000) }];
    expect(() => store.append(c.id, { role: 'assistant', content: big })).toThrow(
      /disk is full.*Free some space/,
    );
    expect(() => store.create({ title: 'y'.repeat(100_000) })).toThrow(/disk is full/);
    db.raw.exec('PRAGMA max_page_count = 1073741823');
    expect(store.get(c.id).messages.map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'kept' }],
    ]);
    store.append(c.id, { role: 'assistant', content: big });
    expect(store.get(c.id).messageCount).toBe(2);
  });

  it('a database held by another process reports busy instead of hanging or corrupting', () => {
    const { db } = track(openDatabase(file, { busyTimeoutMs: 50 }));
    const other = track(openDatabase(file, { busyTimeoutMs: 50 })).db;
    other.raw.exec('BEGIN IMMEDIATE');
    try {
      expect(() => new ConversationStore(db).create()).toThrow(/busy: another Lena process/);
    } finally {
      other.raw.exec('ROLLBACK');
    }
  });
});

describe('checkSqliteRuntime', () => {
  it('names the runtime and the versions Lena needs when node:sqlite is missing', () => {
    expect(() => checkSqliteRuntime(() => undefined)).toThrow(
      /lacks node:sqlite with FTS5; Lena needs Node\.js ≥ 22\.13/,
    );
  });

  it('rejects an sqlite build without FTS5', () => {
    const fake = {
      DatabaseSync: class {
        exec() {
          throw new Error('no such module: fts5');
        }
        close() {}
      },
    };
    expect(() => checkSqliteRuntime(() => fake)).toThrow(/no such module: fts5/);
  });
});
