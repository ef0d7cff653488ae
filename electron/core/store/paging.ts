// Conversations are opened page by page: the newest messages first, older ones as the window
// scrolls up, so a 10,000-message conversation opens as fast as a short one.
import type { MessagePage } from '../../../shared/chat/conversations';
import type { LenaDatabase } from './database';
import { toMessage, toToolCall, type MessageDbRow, type ToolCallRow } from './rows';

export type { MessagePage };

/** The `limit` newest live messages before `beforeSeq` (or the newest of all), oldest first. */
export function messagePage(
  db: LenaDatabase,
  conversationId: string,
  limit: number,
  beforeSeq?: number,
): MessagePage {
  const rows = db
    .prepare(
      `SELECT * FROM messages WHERE conversation_id = ? AND status != 'superseded' AND seq < ?
       ORDER BY seq DESC LIMIT ?`,
    )
    .all(
      conversationId,
      beforeSeq ?? Number.MAX_SAFE_INTEGER,
      limit + 1,
    ) as unknown as MessageDbRow[];
  const hasOlder = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  const ids = JSON.stringify(page.map((r) => r.id));
  const calls = db
    .prepare(
      'SELECT * FROM tool_calls WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY rowid',
    )
    .all(ids) as unknown as ToolCallRow[];
  return { messages: page.map(toMessage), toolCalls: calls.map(toToolCall), hasOlder };
}
