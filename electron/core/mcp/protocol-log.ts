// A bounded per-server log of JSON-RPC traffic for the window's Logs tab. A fixed-size ring, so a
// chatty server costs constant memory; payloads are cut short and copied, so a 10 MiB result is
// never kept alive by its preview.
import type { JsonRpcId } from './jsonrpc-types';

export type ProtocolDirection = 'send' | 'receive';

export interface ProtocolLogEntry {
  /** Date.now() when the message was sent or received. */
  at: number;
  direction: ProtocolDirection;
  /** For a response, the method of the request it answers. */
  method?: string;
  id?: JsonRpcId;
  /** For a response: time since its request was sent. */
  durationMs?: number;
  /** Size of the serialised message (UTF-8 bytes when the transport knows them). */
  bytes: number;
  /** The start of the serialised message. */
  preview: string;
  /** Extra words for an entry that is not plain traffic ("late answer ignored", "unknown id"). */
  note?: string;
}

export const PREVIEW_CHARS = 240;
const SHORT_PARENT_CHARS = 2048;

/** Cuts `text` to a preview that does not share memory with `text`. */
export function previewOf(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  // A slice keeps its parent alive: harmless for a short message (a 2026 request with its _meta
  // envelope is ~300 chars), and cheaper than copying on every call.
  if (text.length <= SHORT_PARENT_CHARS) return text.slice(0, PREVIEW_CHARS) + '…';
  // V8 slices of long strings keep the parent alive; a Buffer round trip makes an independent copy.
  return Buffer.from(text.slice(0, PREVIEW_CHARS)).toString() + '…';
}

export class ProtocolLog {
  private readonly ring: (ProtocolLogEntry | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity = 500) {
    this.ring = new Array<ProtocolLogEntry | undefined>(Math.max(1, capacity));
  }

  add(entry: ProtocolLogEntry): void {
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.ring.length;
    if (this.count < this.ring.length) this.count += 1;
  }

  /** Oldest first. */
  entries(): ProtocolLogEntry[] {
    const out: ProtocolLogEntry[] = [];
    const start = (this.next - this.count + this.ring.length) % this.ring.length;
    for (let i = 0; i < this.count; i += 1) {
      const e = this.ring[(start + i) % this.ring.length];
      if (e) out.push(e);
    }
    return out;
  }
}
