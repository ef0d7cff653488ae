// Lena's SQLite database through Node's built-in `node:sqlite`: checked at open, WAL mode, schema
// migrations, cached prepared statements. A corrupt or unreadable file is moved aside (never
// overwritten) and a fresh database started, with a message for the user.
import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { LenaError } from '../../../shared/result';
import { migrate } from './migrations';

type SqliteModule = typeof import('node:sqlite');

const RUNTIME_HINT = 'Lena needs Node.js ≥ 22.13 or Electron ≥ 35, whose node:sqlite includes FTS5';

let sqlite: SqliteModule | undefined;

/** `node:sqlite`, checked once per process (see checkSqliteRuntime). */
export function loadSqlite(): SqliteModule {
  sqlite ??= checkSqliteRuntime();
  return sqlite;
}

/**
 * Loads `node:sqlite` and proves FTS5 works, or throws a LenaError('unavailable') naming the runtime.
 * Loaded through getBuiltinModule, never a static import: a runtime without it (some Electron
 * builds shipped without it, electron/electron#47706) then fails with this message rather than at
 * import time, and bundlers never try to resolve the module.
 */
export function checkSqliteRuntime(
  getBuiltin: (id: string) => unknown = (id) => process.getBuiltinModule?.(id),
): SqliteModule {
  const runtime = process.versions.electron
    ? `Electron ${process.versions.electron} (Node ${process.versions.node})`
    : `Node ${process.versions.node}`;
  let mod: SqliteModule | undefined;
  try {
    mod = getBuiltin('node:sqlite') as SqliteModule | undefined;
  } catch {
    mod = undefined;
  }
  if (!mod?.DatabaseSync)
    throw new LenaError(
      'unavailable',
      `This runtime (${runtime}) lacks node:sqlite with FTS5; ${RUNTIME_HINT}.`,
    );
  try {
    const probe = new mod.DatabaseSync(':memory:');
    probe.exec('CREATE VIRTUAL TABLE probe USING fts5(text)');
    probe.close();
  } catch (err) {
    throw new LenaError(
      'unavailable',
      `This runtime (${runtime}) lacks node:sqlite with FTS5 (${(err as Error).message}); ${RUNTIME_HINT}.`,
    );
  }
  return mod;
}

/** An open database with a statement cache and a transaction helper. */
export class LenaDatabase {
  private readonly statements = new Map<string, StatementSync>();

  constructor(
    readonly file: string,
    readonly raw: DatabaseSync,
  ) {}

  /** A prepared statement, compiled once per SQL text. */
  prepare(sql: string): StatementSync {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.raw.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs `fn` in one transaction (a savepoint when already inside one). */
  transaction<T>(fn: () => T): T {
    const nested = this.raw.isTransaction;
    this.raw.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.raw.exec(nested ? 'RELEASE nested' : 'COMMIT');
      return result;
    } catch (err) {
      this.raw.exec(nested ? 'ROLLBACK TO nested; RELEASE nested' : 'ROLLBACK');
      throw err;
    }
  }

  close(): void {
    this.statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

export interface OpenDatabaseResult {
  db: LenaDatabase;
  /** Set when the old file could not be used: what happened and where it went, for the user. */
  notice?: string;
  /** Where the unusable file was moved. */
  movedTo?: string;
}

export interface OpenDatabaseOptions {
  /** Milliseconds to wait for another process's lock (the window and `lena chat` share the file). */
  busyTimeoutMs?: number;
  /** Clock for the `.corrupt-<timestamp>` name. */
  now?: () => Date;
}

// SQLite result codes (low byte) that mean "this file is not a usable database".
const SQLITE_CORRUPT = 11;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

class UnusableDatabase extends Error {}

/** Opens (creating if needed) the database at `file`; see the module comment for what is checked. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): OpenDatabaseResult {
  const { DatabaseSync } = loadSqlite();
  try {
    return { db: openChecked(DatabaseSync, file, options) };
  } catch (err) {
    if (!(err instanceof UnusableDatabase)) throw err;
    const movedTo = moveAside(file, (options.now ?? (() => new Date()))());
    const db = openChecked(DatabaseSync, file, options);
    const notice =
      `Lena's conversation database (${file}) could not be read: ${err.message}. ` +
      `It was moved to ${movedTo} and a new, empty database was started; nothing was overwritten, ` +
      'so the old conversations may still be recoverable from that file with the sqlite3 tool (".recover").';
    return { db, notice, movedTo };
  }
}

function openChecked(
  DatabaseSyncCtor: SqliteModule['DatabaseSync'],
  file: string,
  options: OpenDatabaseOptions,
): LenaDatabase {
  checkHeader(file);
  let raw: DatabaseSync;
  try {
    raw = new DatabaseSyncCtor(file, {
      timeout: options.busyTimeoutMs ?? 5000,
      enableForeignKeyConstraints: true,
    });
  } catch (err) {
    throw classify(err);
  }
  try {
    raw.exec('PRAGMA foreign_keys = ON');
    const mode = (raw.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string })
      .journal_mode;
    if (mode !== 'wal' && file !== ':memory:')
      throw new Error(`could not switch the database to WAL mode (got ${mode})`);
    raw.exec('PRAGMA synchronous = NORMAL');
    const problems = (raw.prepare('PRAGMA quick_check').all() as { quick_check: string }[]).map(
      (r) => r.quick_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new UnusableDatabase(`integrity check failed (${problems.slice(0, 3).join('; ')})`);
    migrate(raw);
  } catch (err) {
    raw.close();
    throw classify(err);
  }
  return new LenaDatabase(file, raw);
}

// A file that is not SQLite at all is caught before SQLite sees it: some garbage passes open().
function checkHeader(file: string): void {
  if (file === ':memory:' || !existsSync(file)) return;
  let fd: number;
  try {
    if (statSync(file).size === 0) return;
    fd = openSync(file, 'r');
  } catch (err) {
    throw new UnusableDatabase(
      `the file cannot be opened (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  try {
    const header = Buffer.alloc(16);
    const read = readSync(fd, header, 0, 16, 0);
    if (read < 16 || header.toString('latin1') !== 'SQLite format 3\0')
      throw new UnusableDatabase('the file is not an SQLite database');
  } finally {
    closeSync(fd);
  }
}

function classify(err: unknown): Error {
  if (err instanceof UnusableDatabase || err instanceof LenaError) return err;
  const code = (err as { errcode?: number }).errcode;
  const message = (err as Error).message ?? String(err);
  if (code !== undefined && [SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_CANTOPEN].includes(code & 0xff))
    return new UnusableDatabase(message);
  // Busy, locked, disk full, a newer schema: the file may be fine, so it is never moved for these.
  return new LenaError('unavailable', `Could not open the conversation database: ${message}`);
}

function moveAside(file: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  try {
    renameSync(file, target);
    for (const suffix of ['-wal', '-shm', '-journal']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
    }
  } catch (err) {
    throw new LenaError(
      'unavailable',
      `The conversation database ${file} is unusable and could not be moved aside (${(err as Error).message}). Move or delete it by hand, then restart Lena.`,
    );
  }
  return target;
}
