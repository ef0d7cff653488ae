// Turning HTTP payloads (a JSON body, an SSE event's data) into JSON-RPC messages. A cheap shape
// check only: the client owns the meaning, and the hot path runs no schema validator.
import type { JsonRpcId, JsonRpcMessage } from '../jsonrpc-types';

/**
 * Parses one payload into messages (an array is a batch from a pre-2025-06-18 server). Throws a
 * SyntaxError for invalid JSON; drops entries that are not JSON-RPC at all and reports how many.
 */
export function decodeMessages(text: string): { messages: JsonRpcMessage[]; rejected: number } {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) {
    return isMessage(value) ? { messages: [value], rejected: 0 } : { messages: [], rejected: 1 };
  }
  const messages: JsonRpcMessage[] = [];
  for (const item of value) if (isMessage(item)) messages.push(item);
  return { messages, rejected: value.length - messages.length };
}

// A request/notification has a string method; a response has an id key and a result or error.
// (A reply such as {"result":{}} without an id, sent by some servers to a notification, is dropped.)
function isMessage(v: unknown): v is JsonRpcMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  if (typeof m.method === 'string') return true;
  return 'id' in m && m.id !== undefined && ('result' in m || 'error' in m);
}

/** The id a response answers, or undefined for requests and notifications. */
export function responseId(m: JsonRpcMessage): JsonRpcId | null | undefined {
  return 'method' in m ? undefined : (m as { id: JsonRpcId | null }).id;
}

// The client serialises `{"jsonrpc":"2.0","id":…,"method":"…"` in this order: read the head
// without parsing the whole message (which may carry megabytes of arguments).
const HEAD = /^\{"jsonrpc":"2\.0",(?:"id":(-?\d+|"(?:[^"\\]|\\.)*"),)?"method":"((?:[^"\\]|\\.)*)"/;

/** The method and id of an outgoing serialised message (id undefined for notifications and responses). */
export function outgoingHead(json: string): {
  method: string | undefined;
  id: JsonRpcId | undefined;
} {
  const m = HEAD.exec(json);
  if (m) {
    const method = m[2].includes('\\') ? (JSON.parse(`"${m[2]}"`) as string) : m[2];
    const id =
      m[1] === undefined
        ? undefined
        : m[1].startsWith('"')
          ? (JSON.parse(m[1]) as string)
          : Number(m[1]);
    return { method, id };
  }
  const v = JSON.parse(json) as { method?: unknown; id?: JsonRpcId };
  const method = typeof v.method === 'string' ? v.method : undefined;
  return { method, id: method === undefined ? undefined : v.id };
}
