// Message writes: the loop stores the user's message before the request, each completed block as
// it completes and the final status at the end. Every write also bumps the conversation's
// updated_at, which orders the conversation list.
import { randomUUID } from 'node:crypto';
import type {
  MessageOrigin,
  ChatMessage,
  ContentBlock,
  MessageStatus,
  Role,
  Usage,
} from '../../../shared/chat/messages';
import type { TurnStop } from '../../../shared/chat/stops';
import { ERROR_CODE, errorInfo, LenaError, type ErrorInfo } from '../../../shared/result';
import type { LenaDatabase } from './database';
import { searchableText, toMessage, type MessageDbRow } from './rows';
import { ORPHANED } from './sessions';

export interface NewMessage {
  id?: string;
  role: Role;
  content: ContentBlock[];
  /** Defaults to 'complete'; the loop uses 'streaming' for an answer still arriving. */
  status?: MessageStatus;
  usage?: Usage | null;
  stopReason?: string | null;
  error?: ErrorInfo | null;
  stop?: TurnStop | null;
  createdAt?: number;
  /** A server's prompt inserted it (issue 22). */
  origin?: MessageOrigin | null;
}

/** Fields to change on a message; undefined fields are left alone. */
export interface MessagePatch {
  content?: ContentBlock[];
  status?: MessageStatus;
  usage?: Usage | null;
  stopReason?: string | null;
  error?: ErrorInfo | null;
  stop?: TurnStop | null;
}

const SQLITE_CONSTRAINT_FOREIGNKEY = 787;

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** Throws not-found when an UPDATE touched no row. */
export function mustChange(changes: number | bigint, id: string, what = 'Conversation'): void {
  if (Number(changes) === 0)
    throw new LenaError(ERROR_CODE.notFound, `${what} ${id} does not exist.`);
}

export function touchConversation(db: LenaDatabase, conversationId: string, t: number): void {
  db.prepare('UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?').run(
    t,
    conversationId,
  );
}

function touchByMessage(db: LenaDatabase, messageId: string, t: number): void {
  db.prepare(
    'UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = (SELECT conversation_id FROM messages WHERE id = ?)',
  ).run(t, messageId);
}

export function getMessage(db: LenaDatabase, id: string): ChatMessage {
  const row = db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageDbRow | undefined;
  if (!row) throw new LenaError(ERROR_CODE.notFound, `Message ${id} does not exist.`);
  return toMessage(row);
}

/** Appends after the last message (seq grows across superseded branches too). */
export function appendMessage(
  db: LenaDatabase,
  conversationId: string,
  message: NewMessage,
  now: number,
  sessionId: string | null = null,
): ChatMessage {
  const id = message.id ?? randomUUID();
  const t = message.createdAt ?? now;
  db.transaction(() => {
    const { next } = db
      .prepare('SELECT coalesce(max(seq), 0) + 1 AS next FROM messages WHERE conversation_id = ?')
      .get(conversationId) as { next: number };
    try {
      db.prepare(
        // parent_seq: the last current message, which this one follows in its branch (branches.ts).
        `INSERT INTO messages (id, conversation_id, seq, role, content, status, created_at, usage, stop_reason, error, stop, text, session_id, origin, parent_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
           (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = ? AND status != 'superseded'))`,
      ).run(
        id,
        conversationId,
        next,
        message.role,
        JSON.stringify(message.content),
        message.status ?? 'complete',
        t,
        json(message.usage),
        message.stopReason ?? null,
        json(message.error),
        json(message.stop),
        searchableText(message.content),
        sessionId,
        json(message.origin),
        conversationId,
      );
    } catch (err) {
      if ((err as { errcode?: number }).errcode === SQLITE_CONSTRAINT_FOREIGNKEY)
        throw new LenaError(ERROR_CODE.notFound, `Conversation ${conversationId} does not exist.`);
      throw err;
    }
    touchConversation(db, conversationId, t);
  });
  return getMessage(db, id);
}

export function updateMessage(
  db: LenaDatabase,
  id: string,
  patch: MessagePatch,
  now: number,
): ChatMessage {
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  const set = (column: string, value: string | number | null) => {
    sets.push(`${column} = ?`);
    values.push(value);
  };
  if (patch.content !== undefined) {
    set('content', JSON.stringify(patch.content));
    set('text', searchableText(patch.content));
  }
  if (patch.status !== undefined) set('status', patch.status);
  if (patch.usage !== undefined) set('usage', json(patch.usage));
  if (patch.stopReason !== undefined) set('stop_reason', patch.stopReason);
  if (patch.error !== undefined) set('error', json(patch.error));
  if (patch.stop !== undefined) set('stop', json(patch.stop));
  db.transaction(() => {
    if (sets.length > 0)
      mustChange(
        db.prepare(`UPDATE messages SET ${sets.join(', ')} WHERE id = ?`).run(...values, id)
          .changes,
        id,
        'Message',
      );
    touchByMessage(db, id, now);
  });
  return getMessage(db, id);
}

/** Adds one block at the end of the content without rewriting the rest (cheap for long answers). */
export function appendBlock(
  db: LenaDatabase,
  messageId: string,
  block: ContentBlock,
  now: number,
): void {
  const text = block.type === 'text' && typeof block.text === 'string' ? block.text : '';
  db.transaction(() => {
    // Only a text block touches the text column: each write to it re-indexes the whole message.
    const info =
      text === ''
        ? db
            .prepare(
              `UPDATE messages SET content = json_insert(content, '$[#]', json(?)) WHERE id = ?`,
            )
            .run(JSON.stringify(block), messageId)
        : db
            .prepare(
              `UPDATE messages SET content = json_insert(content, '$[#]', json(?)),
                 text = CASE WHEN text = '' THEN ? ELSE text || char(10) || ? END
               WHERE id = ?`,
            )
            .run(JSON.stringify(block), text, text, messageId);
    mustChange(info.changes, messageId, 'Message');
    touchByMessage(db, messageId, now);
  });
}

/** Marks every current message from `seq` on as superseded; returns how many. */
export function supersedeFrom(
  db: LenaDatabase,
  conversationId: string,
  seq: number,
  now: number,
): number {
  return db.transaction(() => {
    const info = db
      .prepare(
        "UPDATE messages SET kept_status = status, status = 'superseded' WHERE conversation_id = ? AND seq >= ? AND status != 'superseded'",
      )
      .run(conversationId, seq);
    touchConversation(db, conversationId, now);
    return Number(info.changes);
  });
}

/** Answers left 'streaming' by a process that is gone become 'incomplete' with an interrupted notice. */
export function markInterruptedMessages(db: LenaDatabase): number {
  const error = errorInfo(
    ERROR_CODE.interrupted,
    'Lena stopped before this answer finished; the part that arrived is kept.',
    { action: 'retry' },
  );
  const info = db
    .prepare(
      `UPDATE messages SET status = 'incomplete', error = coalesce(error, ?) WHERE status = 'streaming' AND ${ORPHANED}`,
    )
    .run(JSON.stringify(error));
  return Number(info.changes);
}
