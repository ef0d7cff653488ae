// The host's log of a server (the rows the Logs tab shows), for tests of the MCP client alone:
// the transport is tapped as the host taps every transport it builds, and the client's own notes
// (a late answer, an unknown id) join it as the host adds them. Nothing here is a second log.
import type { McpClient } from '../../../../electron/core/mcp/client';
import type { ManagedTransport } from '../../../../electron/core/mcp/manager/types';
import { logText } from '../../../../electron/core/host/log-messages';
import { tapTransport } from '../../../../electron/core/host/views/log-tap';
import { InspectorLogs, type LogLimits } from '../../../../electron/core/host/views/protocol-log';
import type { InspectorRow } from '../../../../shared/inspector-types';

const SERVER = 'server';
const watched = new WeakMap<McpClient, WireLog>();

/** The log of a client made by wireLog(…).watch(client) (the harness's clients are). */
export function logOf(client: McpClient): WireLog {
  const log = watched.get(client);
  if (!log)
    throw new Error('this client was not made with a wire log (test/unit/core/mcp/wire-log.ts)');
  return log;
}

export interface WireLog {
  /** Every row, oldest first. */
  rows(): InspectorRow[];
  /** Messages Lena sent (requests and notifications), of `method` when given. */
  sent(method?: string): InspectorRow[];
  /** Messages received, of `method` when given (a response carries its request's method). */
  received(method?: string): InspectorRow[];
  /** Lena's own notes about the server (started, an answer ignored…). */
  notes(): string[];
  /** A row's kept text (the wire text, cut to the body limit). */
  body(row: InspectorRow): string;
  /** Starts logging the client's own notes; returns the client. */
  watch(client: McpClient): McpClient;
}

/** Taps `transport` (before the client starts it) into a fresh host log. */
export function wireLog(transport: ManagedTransport, limits?: LogLimits): WireLog {
  const logs = new InspectorLogs(limits ? { limits } : {});
  tapTransport(transport, SERVER, logs);
  const rows = () => logs.log(SERVER).page(SERVER).rows;
  const protocol = (direction: 'out' | 'in', method?: string) =>
    rows().filter(
      (r) =>
        r.stream === 'protocol' &&
        r.direction === direction &&
        (method === undefined || r.method === method),
    );
  const log: WireLog = {
    rows,
    sent: (method) => protocol('out', method),
    received: (method) => protocol('in', method),
    notes: () => rows().flatMap((r) => (r.stream === 'lena' ? [r.summary] : [])),
    body: (row) => logs.log(SERVER).body(row.seq)?.text ?? '',
    watch(client) {
      // As compose.ts does for every session: the client's notes become the server's log rows.
      client.on('log', (entry) => {
        if (entry.source === 'client') logs.note(SERVER, logText(entry.data));
      });
      watched.set(client, log);
      return client;
    },
  };
  return log;
}
