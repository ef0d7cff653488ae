// A server log entry (core/mcp client-events) as the Logs tab shows it: level, logger and text.
import type { ServerLogMessage } from '../../../shared/server-types';
import type { ServerLogEntry } from '../mcp/client-events';

const MAX_TEXT = 4000;

/** The entry's data as one line of text (strings as they are, anything else as JSON), bounded. */
export function logText(data: unknown): string {
  let text: string;
  try {
    text = typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
  } catch {
    text = String(data);
  }
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)`
    : text;
}

export function logMessage(e: ServerLogEntry): ServerLogMessage {
  return {
    time: e.at,
    source: e.source,
    level: e.level,
    logger: e.logger ?? null,
    text: logText(e.data),
  };
}
