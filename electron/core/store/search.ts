// Full-text search over message text (FTS5). The user's words are quoted before they reach MATCH,
// so punctuation, quotes or FTS operators in a query can never become a syntax error.
import type { SearchHit } from '../../../shared/chat/conversations';
import type { LenaDatabase } from './database';

/** Marks around the matched words in a snippet; the window renders them as highlights. */
export const HIGHLIGHT_OPEN = '«';
export const HIGHLIGHT_CLOSE = '»';

/** The FTS5 query for what a user typed: every word must match, the last one as a prefix. */
export function toFtsQuery(input: string): string | undefined {
  const words = input.match(/[\p{L}\p{N}_]+/gu);
  if (!words) return undefined;
  return words
    .map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`)
    .join(' ');
}

/** Best matches first, over current (not superseded) messages of conversations not in the trash. */
export function searchMessages(db: LenaDatabase, input: string, limit = 50): SearchHit[] {
  const query = toFtsQuery(input);
  if (!query) return [];
  const rows = db
    .prepare(
      `SELECT m.id AS message_id, m.conversation_id, c.title, m.created_at,
              snippet(messages_fts, 0, '${HIGHLIGHT_OPEN}', '${HIGHLIGHT_CLOSE}', '…', 16) AS snippet
       FROM messages_fts
       JOIN messages m ON m.pk = messages_fts.rowid
       JOIN conversations c ON c.id = m.conversation_id
       WHERE messages_fts MATCH ? AND m.status != 'superseded' AND c.deleted_at IS NULL
       ORDER BY rank
       LIMIT ?`,
    )
    .all(query, limit) as {
    message_id: string;
    conversation_id: string;
    title: string;
    created_at: number;
    snippet: string;
  }[];
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    conversationTitle: r.title,
    messageId: r.message_id,
    snippet: r.snippet,
    createdAt: r.created_at,
  }));
}
