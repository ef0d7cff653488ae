// Pumps one HTTP response carrying `text/event-stream` through an SseParser until it ends, and
// says how it ended. Shared by the Streamable HTTP and legacy SSE transports.
import type { HttpResponse } from './http-request';
import { SseParser, type SseEvent } from './sse-parser';

export interface SseStreamEnd {
  /** The server ended the body cleanly (as opposed to a reset or a parse limit). */
  clean: boolean;
  error?: Error;
  /** The last event id seen (for `Last-Event-ID`), including one inherited from an earlier stream. */
  lastEventId: string | undefined;
  /** The last `retry:` value seen, in ms. */
  retryMs: number | undefined;
}

export interface PumpOptions {
  onEvent(event: SseEvent): void;
  maxEventBytes: number;
  lastEventId?: string;
  retryMs?: number;
}

/** Resolves once the stream is over; never rejects. */
export function pumpSse(res: HttpResponse, options: PumpOptions): Promise<SseStreamEnd> {
  let retryMs = options.retryMs;
  let lastEventId = options.lastEventId;
  let failure: Error | undefined;
  const parser = new SseParser({
    onEvent(event) {
      if (event.id !== undefined) lastEventId = event.id;
      options.onEvent(event);
    },
    onRetry(ms) {
      retryMs = ms;
    },
    maxEventBytes: options.maxEventBytes,
  });
  return new Promise((resolve) => {
    res.read(
      (chunk) => {
        if (failure) return;
        try {
          parser.push(chunk);
        } catch (err) {
          failure = err as Error;
          res.destroy();
        }
      },
      (error) => {
        failure ??= error;
        parser.end();
        // An id line without data dispatches nothing, yet still counts for resumption.
        lastEventId = parser.lastId ?? lastEventId;
        resolve({ clean: !failure, error: failure, lastEventId, retryMs });
      },
    );
  });
}
