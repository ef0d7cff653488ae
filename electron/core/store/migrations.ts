// The database schema as an ordered list of migrations. `PRAGMA user_version` records how many have
// run; each runs once, in its own transaction. Never edit a released migration: append a new one.
import type { DatabaseSync } from 'node:sqlite';

export const MIGRATIONS: readonly string[] = [
  // 1: conversations, messages, tool calls, full-text search over message text.
  `
  CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    model TEXT,
    project TEXT,
    -- A duplicate or a branch remembers where it came from (the source may be gone since).
    parent_id TEXT REFERENCES conversations(id) ON DELETE SET NULL,
    branch_from_seq INTEGER,
    -- Soft delete: the window offers undo; purge removes for good.
    deleted_at INTEGER
  );
  CREATE INDEX conversations_by_update ON conversations(updated_at DESC);

  -- pk is an explicit INTEGER PRIMARY KEY so VACUUM cannot renumber the rows the FTS index points at.
  CREATE TABLE messages (
    pk INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    -- Strictly increasing per conversation, also across superseded branches.
    seq INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content TEXT NOT NULL CHECK (json_valid(content)),
    status TEXT NOT NULL CHECK (status IN ('complete', 'streaming', 'incomplete', 'superseded')),
    created_at INTEGER NOT NULL,
    usage TEXT,
    stop_reason TEXT,
    error TEXT,
    -- The searchable text of the content (text blocks), kept beside it for FTS.
    text TEXT NOT NULL DEFAULT '',
    UNIQUE (conversation_id, seq)
  );

  CREATE TABLE tool_calls (
    id TEXT NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    server TEXT NOT NULL,
    tool TEXT NOT NULL,
    qualified_name TEXT NOT NULL,
    title TEXT,
    input TEXT NOT NULL,
    result TEXT,
    is_error INTEGER NOT NULL DEFAULT 0,
    error_source TEXT,
    error_message TEXT,
    result_bytes INTEGER,
    truncated INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'error', 'denied', 'cancelled')),
    decision TEXT,
    decided_by TEXT,
    started_at INTEGER,
    ended_at INTEGER,
    duration_ms INTEGER,
    -- tool_use ids repeat in a duplicated conversation, so the key includes the conversation.
    PRIMARY KEY (conversation_id, id)
  );
  CREATE INDEX tool_calls_by_message ON tool_calls(message_id);

  CREATE VIRTUAL TABLE messages_fts USING fts5(
    text, content='messages', content_rowid='pk', tokenize='unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, text) VALUES (new.pk, new.text);
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.pk, old.text);
  END;
  CREATE TRIGGER messages_fts_update AFTER UPDATE OF text ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.pk, old.text);
    INSERT INTO messages_fts(rowid, text) VALUES (new.pk, new.text);
  END;
  `,
  // 2: which Lena process wrote a message or tool call, so a process opening the database never
  // marks another live process's answer as interrupted (the window and \`lena chat\` share it).
  `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    pid INTEGER NOT NULL,
    started_at INTEGER NOT NULL
  );
  ALTER TABLE messages ADD COLUMN session_id TEXT;
  ALTER TABLE tool_calls ADD COLUMN session_id TEXT;
  `,
  // 3: where a message came from when not typed or answered: a server's prompt run from the
  // composer (issue 22), so the window marks it as the server's. JSON, null for ordinary messages.
  `
  ALTER TABLE messages ADD COLUMN origin TEXT;
  `,
  // 4: a call whose result arrived after its turn had ended (a task followed again after a
  // restart, issue 19): 1 until the user sends it on with "Continue with the result".
  `
  ALTER TABLE tool_calls ADD COLUMN late_result INTEGER NOT NULL DEFAULT 0;
  `,
  // 5: per-conversation tool switches (issue 16): JSON ConversationTools, null = the global switches.
  `
  ALTER TABLE conversations ADD COLUMN tools TEXT;
  `,
  // 6: branches (issue 16). parent_seq: the message this one follows in its branch, so Edit and
  // Regenerate's kept branches form a tree (null for rows written before: branches.ts infers those).
  // kept_status: a superseded message's status before, restored when its branch is switched back to.
  `
  ALTER TABLE messages ADD COLUMN parent_seq INTEGER;
  ALTER TABLE messages ADD COLUMN kept_status TEXT;
  `,
  // 7: how an answer stopped when it did not simply finish (JSON TurnStop), apart from its error.
  // Rows written before keep both in `error` as one note (store/stored-notes.ts reads them).
  `
  ALTER TABLE messages ADD COLUMN stop TEXT;
  `,
  // 8: prompt caching and the meter (issue 36). boundary: the conversation's untrusted-data
  // boundary, drawn on its first request and never copied (a duplicate or import draws its own).
  // meter: JSON ConversationMeter, the usage and cost of its turns so far.
  `
  ALTER TABLE conversations ADD COLUMN boundary TEXT;
  ALTER TABLE conversations ADD COLUMN meter TEXT;
  `,
  // 9: projects (issue 47). A conversation belongs to the project folder it was started in (the
  // \`project\` column since 1) and can move to another; the sidebar lists them by project.
  `
  CREATE INDEX conversations_by_project ON conversations(project, updated_at DESC);
  `,
  // 10: a list that scales (issue 48): when a conversation was pinned (pinned on top, newest pin
  // first) and when archived (out of the list, still found by search); null = not.
  `
  ALTER TABLE conversations ADD COLUMN pinned_at INTEGER;
  ALTER TABLE conversations ADD COLUMN archived_at INTEGER;
  `,
  // 11: a conversation moved to another project gets that project's pinned files on its next turn:
  // pinned_due is 1 from the move until that turn gives them.
  `
  ALTER TABLE conversations ADD COLUMN pinned_due INTEGER NOT NULL DEFAULT 0;
  `,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the database up to SCHEMA_VERSION. A database written by a newer Lena is refused rather
 * than guessed at; the caller turns that into a message.
 */
export function migrate(
  db: DatabaseSync,
  migrations: readonly string[] = MIGRATIONS,
): { from: number; to: number } {
  const version = () =>
    Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  const from = version();
  if (from > migrations.length) {
    throw new Error(
      `the database was written by a newer version of Lena (schema ${from}; this version knows ${migrations.length}). Update Lena, or move the file aside to start afresh.`,
    );
  }
  while (version() < migrations.length) {
    db.exec('BEGIN IMMEDIATE');
    // Read again under the write lock: another Lena process may have migrated while we waited.
    const current = version();
    try {
      if (current < migrations.length) {
        db.exec(migrations[current]);
        db.exec(`PRAGMA user_version = ${current + 1}`);
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw new Error(`database migration ${current + 1} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  return { from, to: migrations.length };
}
