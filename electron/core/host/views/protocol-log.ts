// A server's log as an inspector shows it: every JSON-RPC message both ways, stderr line by line
// and Lena's notes (start, exit, an unreadable line), in one list ordered by time. Kept in core so
// the window receives rows already classified (request, response, error, notification) from the
// message itself, with request/response pairs matched by id and timed. Bounded per server: the
// last 2,000 rows or 10 MB, and a body over 64 KB is kept cut, with its original size.
import type { ProtocolLogRow } from '../../../../shared/server-types';
import type {
  InspectorBody,
  InspectorKind,
  InspectorLogPage,
  InspectorRow,
  InspectorStream,
} from '../../../../shared/inspector-types';

export const LOG_LIMITS = { rows: 2000, bytes: 10 * 1024 * 1024, body: 64 * 1024 } as const;
export type LogLimits = { rows: number; bytes: number; body: number };

const SUMMARY_CHARS = 200;
/** A row's own cost beside its body, so 2,000 empty rows still count for something. */
const ROW_OVERHEAD = 120;
/** Requests waiting for their answer, per connection; the oldest are forgotten beyond this. */
const MAX_PENDING = 1000;

interface Stored {
  row: InspectorRow;
  body: string;
  cost: number;
}

/** Cuts `text` to at most `limit` UTF-8 bytes, as a copy that does not keep a huge parent string alive. */
export function keepBody(
  text: string,
  limit: number,
): { text: string; bytes: number; truncated: boolean } {
  const bytes = Buffer.byteLength(text);
  if (bytes <= limit) return { text, bytes, truncated: false };
  // A cut through a multi-byte character decodes as U+FFFD: drop that partial character.
  const cut = Buffer.from(text.slice(0, limit))
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: cut, bytes, truncated: true };
}

/** One line of text for the collapsed row, copied out of the body. */
function summaryOf(text: string): string {
  const line = text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
  return Buffer.from(line.replace(/\s+/g, ' ')).toString('utf8');
}

/** One server's rows. */
export class ServerLog {
  private readonly stored: Stored[] = [];
  private head = 0;
  private cost = 0;
  private nextSeq = 1;
  dropped = 0;

  constructor(private readonly limits: LogLimits = LOG_LIMITS) {}

  get bodyLimit(): number {
    return this.limits.body;
  }

  /**
   * Adds a row with its body (cut to the body limit unless `cut` says it was cut already) and
   * drops the oldest rows beyond the bounds.
   */
  add(
    fields: Omit<InspectorRow, 'seq' | 'bytes' | 'truncated' | 'summary'> & { summary?: string },
    body: string,
    cut?: { bytes: number; truncated: boolean },
  ): InspectorRow {
    const kept = cut
      ? { text: body, bytes: cut.bytes, truncated: cut.truncated }
      : keepBody(body, this.limits.body);
    const row: InspectorRow = {
      ...fields,
      seq: this.nextSeq++,
      bytes: kept.bytes,
      truncated: kept.truncated,
      summary: fields.summary ?? summaryOf(kept.text),
    };
    const cost = ROW_OVERHEAD + Buffer.byteLength(kept.text);
    this.stored.push({ row, body: kept.text, cost });
    this.cost += cost;
    while (this.size > this.limits.rows || (this.cost > this.limits.bytes && this.size > 1))
      this.dropOldest();
    return row;
  }

  get size(): number {
    return this.stored.length - this.head;
  }

  /** Bytes the kept rows account for (bodies plus a fixed cost per row). */
  get bytes(): number {
    return this.cost;
  }

  /** Rows after `after` (all kept rows without it), oldest first, at most `max`. */
  page(name: string, after = 0, max = this.limits.rows): InspectorLogPage {
    const rows: InspectorRow[] = [];
    for (let i = this.firstIndexAfter(after); i < this.stored.length && rows.length < max; i += 1)
      rows.push(this.stored[i].row);
    return {
      name,
      rows,
      firstSeq: this.stored[this.head]?.row.seq ?? this.nextSeq,
      dropped: this.dropped,
    };
  }

  body(seq: number): InspectorBody | undefined {
    const i = this.indexOf(seq);
    const s = i >= this.head ? this.stored[i] : undefined;
    return s && s.row.seq === seq
      ? { seq, text: s.body, truncated: s.row.truncated, bytes: s.row.bytes }
      : undefined;
  }

  private dropOldest(): void {
    const s = this.stored[this.head];
    this.cost -= s.cost;
    s.body = ''; // released now, not at the next compaction
    this.head += 1;
    this.dropped += 1;
    // Compact now and then, so the array does not grow without end.
    if (this.head > 1024 && this.head * 2 > this.stored.length) {
      this.stored.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Seqs are consecutive, so a row's index follows from the first kept one. */
  private indexOf(seq: number): number {
    const first = this.stored[this.head]?.row.seq ?? this.nextSeq;
    return this.head + (seq - first);
  }

  private firstIndexAfter(after: number): number {
    return Math.max(this.head, Math.min(this.stored.length, this.indexOf(after + 1)));
  }
}

type Message = {
  id?: unknown;
  method?: unknown;
  params?: { level?: unknown; logger?: unknown; data?: unknown };
  error?: { message?: unknown; code?: unknown };
};

/** The words a row shows instead of the message's start: an error's code and message, a log message's level and text. */
function ownSummary(m: Message, kind: InspectorKind): string | undefined {
  if (kind === 'error')
    return (
      `${typeof m.error?.code === 'number' ? `${m.error.code} ` : ''}${typeof m.error?.message === 'string' ? m.error.message : ''}`.trim() ||
      undefined
    );
  if (m.method === 'notifications/message' && m.params) {
    const { level, logger, data } = m.params;
    let text: string;
    try {
      text = typeof data === 'string' ? data : (JSON.stringify(data) ?? '');
    } catch {
      text = String(data);
    }
    return `[${String(level)}]${typeof logger === 'string' ? ` ${logger}` : ''}: ${text.slice(0, SUMMARY_CHARS * 2)}`;
  }
  return undefined;
}

/**
 * The request/response pairing of one connection: ids restart with each new process, so a pair
 * never spans two. A request sent by Lena is answered by a message received, and the other way
 * round (a server's sampling or elicitation request).
 */
export class Pairing {
  private readonly pending = new Map<string, { seq: number; at: number; method: string }>();

  request(direction: 'out' | 'in', id: unknown, method: string, seq: number, at: number): void {
    const key = `${direction}:${String(id)}`;
    this.pending.delete(key);
    this.pending.set(key, { seq, at, method });
    if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
  }

  /** The request a response in `direction` answers, forgotten once matched. */
  answer(
    direction: 'out' | 'in',
    id: unknown,
  ): { seq: number; at: number; method: string } | undefined {
    const key = `${direction === 'in' ? 'out' : 'in'}:${String(id)}`;
    const found = this.pending.get(key);
    this.pending.delete(key);
    return found;
  }
}

function kindOf(m: Message): InspectorKind {
  if (typeof m.method === 'string')
    return m.id === undefined || m.id === null ? 'notification' : 'request';
  return m.error !== undefined ? 'error' : 'response';
}

const idOf = (m: Message): string | number | null =>
  typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;

/** Every server's log, by name; what the Logs tab reads through servers:log-view. */
export class InspectorLogs {
  private readonly logs = new Map<string, ServerLog>();

  constructor(
    private readonly options: {
      limits?: LogLimits;
      /** Cuts secrets the server was given out of text before it is kept (the session knows them). */
      redact?: (server: string, text: string) => string;
      now?: () => number;
    } = {},
  ) {}

  log(server: string): ServerLog {
    let log = this.logs.get(server);
    if (!log) this.logs.set(server, (log = new ServerLog(this.options.limits)));
    return log;
  }

  has(server: string): boolean {
    return this.logs.has(server);
  }

  forget(server: string): void {
    this.logs.delete(server);
  }

  /** One JSON-RPC message as sent (`out`) or received (`in`); `text` is the wire text. */
  message(
    server: string,
    pairing: Pairing,
    direction: 'out' | 'in',
    message: unknown,
    text: string,
  ): InspectorRow {
    const m = (message && typeof message === 'object' ? message : {}) as Message;
    const at = this.now();
    const kind = kindOf(m);
    const id = idOf(m);
    const answered =
      kind === 'response' || kind === 'error' ? pairing.answer(direction, m.id) : undefined;
    const method = typeof m.method === 'string' ? m.method : (answered?.method ?? null);
    const own = ownSummary(m, kind);
    const log = this.log(server);
    // Cut first, then redact: a 5 MB result costs one slice, not a scan of all of it.
    const kept = keepBody(text, log.bodyLimit);
    const row = log.add(
      {
        time: at,
        stream: 'protocol',
        direction,
        kind,
        method,
        id,
        durationMs: answered ? at - answered.at : null,
        pairSeq: answered?.seq ?? null,
        ...(own ? { summary: summaryOf(this.redact(server, own)) } : {}),
      },
      this.redact(server, kept.text),
      kept,
    );
    if (kind === 'request') pairing.request(direction, m.id, method!, row.seq, at);
    return row;
  }

  /** The protocol rows in the older shape of servers:logs (kept for the command line and tests). */
  protocolEntries(server: string): ProtocolLogRow[] {
    return this.log(server)
      .page(server)
      .rows.filter((r) => r.stream === 'protocol')
      .map((r) => ({
        time: r.time,
        direction: r.direction ?? 'in',
        kind: r.kind as ProtocolLogRow['kind'],
        method: r.method,
        id: r.id,
        durationMs: r.durationMs,
        bytes: r.bytes,
        preview: r.summary,
      }));
  }

  /** One line of the server's stderr. */
  stderr(server: string, line: string): InspectorRow {
    return this.plain(server, 'stderr', 'stderr', line);
  }

  /** Lena's own words about the server: started, exited, a line it could not read. */
  note(server: string, text: string): InspectorRow {
    return this.plain(server, 'lena', 'note', text);
  }

  private plain(
    server: string,
    stream: InspectorStream,
    kind: InspectorKind,
    text: string,
  ): InspectorRow {
    const log = this.log(server);
    const kept = keepBody(text, log.bodyLimit);
    return log.add(
      {
        time: this.now(),
        stream,
        direction: null,
        kind,
        method: null,
        id: null,
        durationMs: null,
        pairSeq: null,
      },
      this.redact(server, kept.text),
      kept,
    );
  }

  private redact(server: string, text: string): string {
    return this.options.redact ? this.options.redact(server, text) : text;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
