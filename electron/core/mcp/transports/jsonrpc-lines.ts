// What a local server's stdout carries: one JSON-RPC message per line. Shared by the transports
// that read a process's stdout (a spawned command, a bundle in the app's own Node), so both skip
// the same noise and refuse the same broken messages.
import { isUtf8 } from 'node:buffer';
import { MessageDecodeError } from '../errors';
import type { JsonRpcMessage } from '../jsonrpc-types';
import type { TransportCallbacks } from '../transport';
import type { LineSink } from './line-decoder';

export const MiB = 1024 * 1024;

/** A LineDecoder sink that hands each JSON-RPC line to the callbacks current at the time. */
export function jsonRpcLineSink(callbacks: () => TransportCallbacks | undefined): LineSink {
  return (buf, start, end) => {
    if (end > start && buf[end - 1] === 13) end -= 1;
    if (end === start) return;
    const text = buf.toString('utf8', start, end);
    // U+FFFD in the text is either sent by the server or the mark of bytes that are not UTF-8.
    const invalid = text.includes('\uFFFD') && !isUtf8(buf.subarray(start, end));
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      if (text.trim() !== '')
        callbacks()?.onError(new Error(`skipped a line on stdout that is not JSON: ${clip(text)}`));
      return;
    }
    const m = msg as { jsonrpc?: unknown; method?: unknown; id?: string | number } | null;
    if (typeof m !== 'object' || m === null || m.jsonrpc !== '2.0') {
      callbacks()?.onError(
        new Error(`skipped a line on stdout that is not a JSON-RPC message: ${clip(text)}`),
      );
      return;
    }
    if (invalid) {
      const id = m.method === undefined ? m.id : undefined;
      callbacks()?.onError(
        new MessageDecodeError(
          'the server sent a message that is not valid UTF-8; it was dropped',
          id,
        ),
      );
      return;
    }
    callbacks()?.onMessage(msg as JsonRpcMessage, text, end - start);
  };
}

/** Why a connection ended when a line outgrew the limit. */
export function tooLargeMessage(limit: number, bytes: number): string {
  return `the server sent a message larger than ${formatBytes(limit)} (message too large: over ${formatBytes(bytes)} without a newline); the connection was closed — raise maxMessageBytes if the server really sends such messages`;
}

/** A server process's end, in words. */
export function describeExit(
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined,
): string {
  if (!exit) return 'the server process ended';
  if (exit.signal) return `the server process was killed by ${exit.signal}`;
  return `the server process exited with code ${exit.code}`;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function formatBytes(n: number): string {
  return n >= MiB ? `${Math.round((n / MiB) * 10) / 10} MiB` : `${n} bytes`;
}
