// Lena's SQLite database through Node's built-in `node:sqlite`: checked at open, WAL mode, schema
// migrations, cached prepared statements. A corrupt or unreadable file is moved aside (never
// overwritten) and a fresh database started, with a message for the user.
import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { ERROR_CODE, LenaError } from '../../../shared/result';
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
      ERROR_CODE.unavailable,
      `This runtime (${runtime}) lacks node:sqlite with FTS5; ${RUNTIME_HINT}.`,
    );
  try {
    const probe = new mod.DatabaseSync(':memory:');
    probe.exec('CREATE VIRTUAL TABLE probe USING fts5(text)');
    probe.close();
  } catch (err) {
    throw new LenaError(
      ERROR_CODE.unavailable,
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

  /** Runs one write statement outside a transaction, with the same error explanations. */
  run(sql: string, ...params: SQLInputValue[]): { changes: number | bigint } {
    try {
      return this.prepare(sql).run(...params);
    } catch (err) {
      throw explainSqliteError(err, this.file);
    }
  }

  /**
   * Runs `fn` in one transaction (a savepoint when already inside one). SQLite errors come out as
   * LenaErrors that say what to do (disk full, busy, read-only…).
   */
  transaction<T>(fn: () => T): T {
    const nested = this.raw.isTransaction;
    try {
      this.raw.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
    } catch (err) {
      throw explainSqliteError(err, this.file);
    }
    try {
      const result = fn();
      this.raw.exec(nested ? 'RELEASE nested' : 'COMMIT');
      return result;
    } catch (err) {
      // After some errors (a full disk) SQLite has already rolled back; a second ROLLBACK would
      // throw "no transaction is active" and hide the real cause.
      if (this.raw.isTransaction) {
        try {
          this.raw.exec(nested ? 'ROLLBACK TO nested; RELEASE nested' : 'ROLLBACK');
        } catch {
          // the original error is the one worth reporting
        }
      }
      throw explainSqliteError(err, this.file);
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

// SQLite primary result codes (the low byte of an extended code).
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CORRUPT = 11;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

class UnusableDatabase extends Error {}
/** A brand-new file opened by two processes at once: one may see the other's schema half set up. */
class RacedOpen extends Error {}

/** How often, and how long apart, an open that raced another process's is tried again. */
const RACE_RETRIES = 5;
const RACE_PAUSE_MS = 40;

/** Waits without an event loop (opening is synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * FTS5's table not constructible yet (SQLite's own words; its code is the generic one): another
 * process is creating the same brand-new file right now, and its schema is not all there yet.
 */
function raced(err: unknown): boolean {
  return /vtable constructor failed/.test((err as Error | undefined)?.message ?? '');
}

function openRetrying(
  DatabaseSyncCtor: SqliteModule['DatabaseSync'],
  file: string,
  options: OpenDatabaseOptions,
): LenaDatabase {
  for (let attempt = 1; ; attempt++) {
    try {
      return openChecked(DatabaseSyncCtor, file, options);
    } catch (err) {
      if (!(err instanceof RacedOpen)) throw err;
      if (attempt >= RACE_RETRIES) throw classify(err.cause);
      pause(RACE_PAUSE_MS * attempt);
    }
  }
}

/** Opens (creating if needed) the database at `file`; see the module comment for what is checked. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): OpenDatabaseResult {
  const { DatabaseSync } = loadSqlite();
  try {
    return { db: openRetrying(DatabaseSync, file, options) };
  } catch (err) {
    if (!(err instanceof UnusableDatabase)) throw err;
    const movedTo = moveAside(file, (options.now ?? (() => new Date()))());
    const db = openRetrying(DatabaseSync, file, options);
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
  createOwnerOnly(file);
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
    if (raced(err) || raced((err as Error).cause)) throw new RacedOpen('raced', { cause: err });
    throw classify(err);
  }
  return new LenaDatabase(file, raw);
}

// SQLite creates a new database with the process umask (usually 0644) and gives its -wal and
// -shm files the database's own mode: an empty 0600 file first makes all three owner-only.
function createOwnerOnly(file: string): void {
  if (file === ':memory:' || file.startsWith('file:') || existsSync(file)) return;
  closeSync(openSync(file, 'a', 0o600));
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
  return new LenaError(
    ERROR_CODE.unavailable,
    `Could not open the conversation database: ${message}`,
    undefined,
    'restart-lena',
  );
}

/** A LenaError saying what failed and what to do, for SQLite errors a user can act on; else `err`. */
export function explainSqliteError(err: unknown, file: string): unknown {
  const code = (err as { errcode?: number }).errcode;
  if (err instanceof LenaError || code === undefined) return err;
  const detail = (err as Error).message;
  const explain = (message: string) => new LenaError(ERROR_CODE.unavailable, message, detail);
  switch (code & 0xff) {
    case SQLITE_FULL:
      return explain(
        `Lena could not save to ${file}: the disk is full. Free some space, then try again.`,
      );
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return explain(
        `The conversation database ${file} is busy: another Lena process (the window or "lena chat") held it too long. Try again.`,
      );
    case SQLITE_READONLY:
      return explain(
        `Lena cannot write to ${file}: the file or its folder is read-only. Fix the permissions, then try again.`,
      );
    case SQLITE_IOERR:
      return explain(
        `Lena could not read or write ${file} (disk error: ${detail}). Check the disk, then try again.`,
      );
    case SQLITE_CORRUPT:
      return explain(
        `The conversation database ${file} is damaged (${detail}). Restart Lena: it will move the file aside and start a new one.`,
      );
    default:
      return err;
  }
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
      ERROR_CODE.unavailable,
      `The conversation database ${file} is unusable and could not be moved aside (${(err as Error).message}). Move or delete it by hand, then restart Lena.`,
    );
  }
  return target;
}
