// How the JSON-RPC peer writes a message and logs traffic: the 2026 envelope spliced into the
// serialised text (never stringified twice), the transport's hints, and one protocol-log entry
// per message in either direction.
import type { JsonRpcId, JsonRpcMessage } from './jsonrpc-types';
import { ProtocolLog, previewOf, type ProtocolLogEntry } from './protocol-log';
import type { SendHints, Transport } from './transport';

/** A `_meta` to add to params that have none, serialised once per session. */
export interface SerialisedMeta {
  json: string;
  value: Record<string, unknown>;
}

export class PeerWire {
  readonly log: ProtocolLog;

  constructor(
    public transport: Transport,
    logSize: number,
    private readonly onTraffic?: (entry: ProtocolLogEntry) => void,
  ) {
    this.log = new ProtocolLog(logSize);
  }

  write(
    message: JsonRpcMessage,
    method: string,
    id: JsonRpcId | undefined,
    hints?: SendHints,
    meta?: SerialisedMeta,
  ): Promise<void> {
    const t = this.transport;
    if (meta && !t.sendSerialized) {
      const m = message as { params: Record<string, unknown> };
      m.params = { ...m.params, _meta: meta.value };
    }
    if (t.sendSerialized) {
      let text = JSON.stringify(message);
      // `…"params":{…}}` → `…"params":{…,"_meta":META}}`: the params object is the last member.
      if (meta)
        text = `${text.slice(0, -2)}${hasMembers((message as { params: object }).params) ? ',' : ''}"_meta":${meta.json}}}`;
      this.record('send', method, id, undefined, message, text, Buffer.byteLength(text));
      return hints ? t.sendSerialized(text, hints) : t.sendSerialized(text);
    }
    this.record('send', method, id, undefined, message, undefined, undefined);
    return hints ? t.send(message, hints) : t.send(message);
  }

  record(
    direction: 'send' | 'receive',
    method: string | undefined,
    id: JsonRpcId | undefined,
    durationMs: number | undefined,
    message: JsonRpcMessage,
    text: string | undefined,
    bytes: number | undefined,
    note?: string,
  ): void {
    const raw = text ?? JSON.stringify(message);
    const entry: ProtocolLogEntry = {
      at: Date.now(),
      direction,
      method,
      id,
      durationMs,
      bytes: bytes ?? raw.length,
      preview: previewOf(raw),
    };
    if (note) entry.note = note;
    this.log.add(entry);
    this.onTraffic?.(entry);
  }
}

function hasMembers(o: object): boolean {
  for (const _ in o) return true;
  return false;
}
