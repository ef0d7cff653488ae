// Tool calls as stored: one row per tool_use, written as the call moves through the gate and runs.
// The result column holds the full, untruncated MCP result; the model's copy may be shorter.
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { LenaDatabase } from './database';
import { toToolCall, type ToolCallRow } from './rows';
import { ORPHANED } from './sessions';

/**
 * A tool call to insert or update: the identifying fields, and any of the others (fields left
 * undefined keep their stored value on update; `durationMs` is computed from the times when not given).
 */
export type ToolCallUpsert = Pick<
  ToolCallView,
  'id' | 'conversationId' | 'messageId' | 'server' | 'tool' | 'qualifiedName' | 'input' | 'status'
> &
  Partial<
    Pick<
      ToolCallView,
      | 'title'
      | 'result'
      | 'isError'
      | 'errorSource'
      | 'errorMessage'
      | 'resultBytes'
      | 'truncated'
      | 'decision'
      | 'decidedBy'
      | 'startedAt'
      | 'endedAt'
      | 'durationMs'
      | 'continuable'
    >
  >;

const SELECT_ONE = 'SELECT * FROM tool_calls WHERE conversation_id = ? AND id = ?';

export function getToolCall(
  db: LenaDatabase,
  conversationId: string,
  id: string,
): ToolCallView | undefined {
  const row = db.prepare(SELECT_ONE).get(conversationId, id) as ToolCallRow | undefined;
  return row && toToolCall(row);
}

export function upsertToolCall(
  db: LenaDatabase,
  call: ToolCallUpsert,
  sessionId: string | null = null,
): ToolCallView {
  return db.transaction(() => {
    const old = getToolCall(db, call.conversationId, call.id);
    const pick = <K extends keyof ToolCallView>(
      key: K & keyof ToolCallUpsert,
      fallback: ToolCallView[K],
    ): ToolCallView[K] =>
      call[key] !== undefined ? (call[key] as ToolCallView[K]) : old ? old[key] : fallback;
    const startedAt = pick('startedAt', null);
    const endedAt = pick('endedAt', null);
    const computed =
      startedAt !== null && endedAt !== null ? Math.max(0, endedAt - startedAt) : null;
    const durationMs =
      call.durationMs !== undefined ? call.durationMs : (computed ?? old?.durationMs ?? null);
    const result = call.result !== undefined ? call.result : (old?.result ?? null);
    try {
      db.prepare(
        `INSERT INTO tool_calls (id, conversation_id, message_id, server, tool, qualified_name, title, input, result,
           is_error, error_source, error_message, result_bytes, truncated, status, decision, decided_by,
           started_at, ended_at, duration_ms, session_id, late_result)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (conversation_id, id) DO UPDATE SET
           message_id = excluded.message_id, server = excluded.server, tool = excluded.tool,
           qualified_name = excluded.qualified_name, title = excluded.title, input = excluded.input,
           result = excluded.result, is_error = excluded.is_error, error_source = excluded.error_source,
           error_message = excluded.error_message, result_bytes = excluded.result_bytes,
           truncated = excluded.truncated, status = excluded.status, decision = excluded.decision,
           decided_by = excluded.decided_by, started_at = excluded.started_at, ended_at = excluded.ended_at,
           duration_ms = excluded.duration_ms, session_id = excluded.session_id, late_result = excluded.late_result`,
      ).run(
        call.id,
        call.conversationId,
        call.messageId,
        call.server,
        call.tool,
        call.qualifiedName,
        pick('title', null),
        JSON.stringify(call.input ?? null),
        result === null || result === undefined ? null : JSON.stringify(result),
        pick('isError', false) ? 1 : 0,
        pick('errorSource', null),
        pick('errorMessage', null),
        pick('resultBytes', null),
        pick('truncated', false) ? 1 : 0,
        call.status,
        pick('decision', null),
        pick('decidedBy', null),
        startedAt,
        endedAt,
        durationMs,
        sessionId,
        pick('continuable', false) ? 1 : 0,
      );
    } catch (err) {
      if ((err as { errcode?: number }).errcode === 787)
        throw new LenaError(
          ERROR_CODE.notFound,
          `Cannot record tool call ${call.id}: conversation ${call.conversationId} or message ${call.messageId} does not exist.`,
        );
      throw err;
    }
    return getToolCall(db, call.conversationId, call.id) as ToolCallView;
  });
}

/** Tool calls of a conversation in the order they were first recorded. */
export function listToolCalls(
  db: LenaDatabase,
  conversationId: string,
  includeSuperseded: boolean,
): ToolCallView[] {
  const sql = includeSuperseded
    ? 'SELECT * FROM tool_calls WHERE conversation_id = ? ORDER BY rowid'
    : `SELECT t.* FROM tool_calls t JOIN messages m ON m.id = t.message_id
       WHERE t.conversation_id = ? AND m.status != 'superseded' ORDER BY t.rowid`;
  return (db.prepare(sql).all(conversationId) as unknown as ToolCallRow[]).map(toToolCall);
}

/** Calls left pending or running by a process that is gone become cancelled; returns how many. */
export function cancelInterruptedToolCalls(db: LenaDatabase, now: number): number {
  const info = db
    .prepare(
      `UPDATE tool_calls SET status = 'cancelled', ended_at = coalesce(ended_at, ?),
         error_message = coalesce(error_message, 'Lena stopped before this call finished.')
       WHERE status IN ('pending', 'running') AND ${ORPHANED}`,
    )
    .run(now);
  return Number(info.changes);
}
