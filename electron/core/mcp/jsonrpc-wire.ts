// How the JSON-RPC peer writes a message: the 2026 envelope spliced into the serialised text
// (never stringified twice) and the transport's hints. What passes is logged by the host's tap
// on the transport (host/views/log-tap.ts), not here.
import type { JsonRpcMessage } from './jsonrpc-types';
import type { SendHints, Transport } from './transport';

/** A `_meta` to add to params that have none, serialised once per session. */
export interface SerialisedMeta {
  json: string;
  value: Record<string, unknown>;
}

export class PeerWire {
  constructor(public transport: Transport) {}

  write(message: JsonRpcMessage, hints?: SendHints, meta?: SerialisedMeta): Promise<void> {
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
      return hints ? t.sendSerialized(text, hints) : t.sendSerialized(text);
    }
    return hints ? t.send(message, hints) : t.send(message);
  }
}

function hasMembers(o: object): boolean {
  for (const _ in o) return true;
  return false;
}
