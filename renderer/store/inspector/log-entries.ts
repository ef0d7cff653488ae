// A server's log rows as the Logs tab lists them, one entry per exchange as MCP Inspector does: a
// request and its answer (response or error) are one entry, placed at the request and expandable
// to both; notifications, stderr lines and Lena's notes are entries of their own. Core pairs the
// rows (an answer's pairSeq names its request); this only groups them. Pure.
import type { InspectorRow } from '../../../shared/inspector-types';

export interface LogEntry {
  /** The row that starts the entry: a request, a notification, a stderr line, Lena's note, or an
   *  answer whose request is no longer kept. */
  row: InspectorRow;
  /** A request's answer once it is in; null while it waits (and for every other row). */
  reply: InspectorRow | null;
}

const isAnswer = (row: InspectorRow): boolean => row.kind === 'response' || row.kind === 'error';

/** The rows grouped into entries, in the order their first rows came. */
export function logEntries(rows: InspectorRow[]): LogEntry[] {
  const requests = new Set<number>();
  for (const row of rows) if (row.kind === 'request') requests.add(row.seq);
  const replies = new Map<number, InspectorRow>();
  for (const row of rows)
    if (isAnswer(row) && row.pairSeq !== null && requests.has(row.pairSeq))
      replies.set(row.pairSeq, row);
  const entries: LogEntry[] = [];
  for (const row of rows) {
    if (isAnswer(row) && row.pairSeq !== null && requests.has(row.pairSeq)) continue;
    entries.push({ row, reply: replies.get(row.seq) ?? null });
  }
  return entries;
}
