// Taps every transport the manager builds so the servers page can show its traffic: each message
// sent and received (the wire text, so nothing is serialised twice), stderr split into timed
// lines, and the start and end of each connection. The transport keeps working exactly as
// before; the tap only copies what passes.
import type { JsonRpcMessage } from '../../mcp/jsonrpc-types';
import type { ManagedTransport, TransportFactory } from '../../mcp/manager/types';
import type { SendHints, TransportCallbacks } from '../../mcp/transport';
import { Pairing, type InspectorLogs } from './protocol-log';

/** A stderr line longer than this (no newline in sight) is cut into rows of this size. */
const MAX_STDERR_LINE = 16 * 1024;

/** Splits stderr chunks into lines; a partial line waits for its newline (or the length cap). */
export class LineSplitter {
  private partial = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const l of lines) this.onLine(l.replace(/\r$/, ''));
    while (this.partial.length > MAX_STDERR_LINE) {
      this.onLine(this.partial.slice(0, MAX_STDERR_LINE));
      this.partial = this.partial.slice(MAX_STDERR_LINE);
    }
  }

  flush(): void {
    if (this.partial) this.onLine(this.partial.replace(/\r$/, ''));
    this.partial = '';
  }
}

/** Wraps a transport factory so every transport it makes reports to `logs` under its server's name. */
export function tapTransports(factory: TransportFactory, logs: InspectorLogs): TransportFactory {
  return async (name, launch, hooks) => {
    const transport = await factory(name, launch, hooks);
    tapTransport(transport, name, logs);
    return transport;
  };
}

/** Reports one transport's traffic, stderr and connection notes to `logs` under `server`. */
export function tapTransport(
  transport: ManagedTransport,
  server: string,
  logs: InspectorLogs,
): void {
  const pairing = new Pairing();
  const stderr = new LineSplitter((line) => logs.stderr(server, line));
  transport.onStderr?.((chunk) => stderr.push(chunk));
  const record = (direction: 'out' | 'in', message: unknown, text: string) => {
    try {
      logs.message(server, pairing, direction, message, text);
    } catch {
      // The log is a view: a row it cannot make never disturbs the session.
    }
  };

  const start = transport.start.bind(transport);
  transport.start = async (callbacks: TransportCallbacks) => {
    logs.note(server, `Starting ${transport.description}`);
    try {
      await start({
        onMessage(message, text, bytes, related) {
          record('in', message, text ?? JSON.stringify(message));
          callbacks.onMessage(message, text, bytes, related);
        },
        onError(error) {
          logs.note(server, `Problem on the connection: ${error.message}`);
          callbacks.onError(error);
        },
        onClose(info) {
          stderr.flush();
          const exit =
            info.exitCode !== undefined && info.exitCode !== null
              ? ` (exit code ${info.exitCode})`
              : info.signal
                ? ` (${info.signal})`
                : '';
          logs.note(server, `Connection ended: ${info.reason}${exit}`);
          callbacks.onClose(info);
        },
      });
    } catch (err) {
      stderr.flush();
      logs.note(server, `Could not start: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
  };

  // A transport may route one of these through the other (stdio's send() writes through
  // sendSerialized(); HTTP's sendSerialized() falls back to send() before it has chosen its
  // wire): a message is recorded once, by the outer call.
  let inside = false;
  const once = <T>(message: () => unknown, text: () => string, pass: () => T): T => {
    if (inside) return pass();
    record('out', message(), text());
    inside = true;
    try {
      return pass();
    } finally {
      inside = false;
    }
  };
  const send = transport.send.bind(transport);
  transport.send = (message: JsonRpcMessage, hints?: SendHints) =>
    once(
      () => message,
      () => JSON.stringify(message),
      () => (hints ? send(message, hints) : send(message)),
    );
  if (transport.sendSerialized) {
    const sendSerialized = transport.sendSerialized.bind(transport);
    transport.sendSerialized = (json: string, hints?: SendHints) =>
      once(
        () => parseQuietly(json),
        () => json,
        () => (hints ? sendSerialized(json, hints) : sendSerialized(json)),
      );
  }
}

function parseQuietly(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
