// The event streams of a Streamable HTTP session: a POST answered with SSE, the optional standalone
// GET stream, and resumption — when a stream drops before its answer, reconnect with GET and
// Last-Event-ID after the server's `retry` (RELIABILITY.md case 33; SEP-1699 polling).
import type { JsonRpcId } from '../jsonrpc-types';
import {
  HttpTransportError,
  displayUrl,
  statusError,
  type HttpTransportErrorKind,
} from './http-errors';
import { readExcerpt, type HttpResponse, type OriginBoundHttp } from './http-request';
import { pumpSse } from './sse-stream';

/** What the streams need from their transport. */
export interface StreamHost {
  readonly url: URL;
  readonly http: OriginBoundHttp;
  readonly maxBytes: number;
  isClosed(): boolean;
  session(): string | undefined;
  /** Configured headers, session id and protocol version, plus `extra`, as request text. */
  baseHeaders(extra?: Record<string, string>): string;
  /** Delivers one payload's messages; says whether the answer to `requestId` was among them. */
  deliverText(
    text: string,
    requestId: JsonRpcId | undefined,
  ): { answered: boolean; invalid: boolean };
  report(error: HttpTransportError): void;
}

export interface StreamPolicy {
  openGetStream: boolean;
  defaultRetryMs: number;
  maxAttempts: number;
}

/** Where a stream came from, so that its end can be handled (resume, reconnect, or report). */
interface StreamContext {
  /** The standalone GET stream (reconnected while the session lasts), not a POST's answer. */
  standalone: boolean;
  /** The request whose answer this stream owes (none for a notification's stream). */
  requestId: JsonRpcId | undefined;
  /** The session the stream belongs to: after a re-initialisation, old streams are let go. */
  session: string | undefined;
  /** Aborts the request's stream and any resumption of it (the request was given up on). */
  signal?: AbortSignal;
  lastEventId?: string;
  retryMs?: number;
  attempt: number;
}

const MAX_BACKOFF_MS = 30_000;

export class SessionStreams {
  private standaloneOpen = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly host: StreamHost,
    private readonly policy: StreamPolicy,
  ) {}

  /**
   * A POST answered with `text/event-stream`: messages until the answer to `requestId`. Once
   * `signal` aborts (the request was cancelled), the stream ends quietly and is not resumed.
   */
  readPostStream(res: HttpResponse, requestId: JsonRpcId | undefined, signal?: AbortSignal): void {
    void this.read(res, {
      standalone: false,
      requestId,
      session: this.host.session(),
      attempt: 0,
      signal,
    });
  }

  /** Opens the optional GET stream for server-initiated messages (once per session). */
  openStandalone(): void {
    if (!this.policy.openGetStream || this.standaloneOpen || this.host.isClosed()) return;
    this.standaloneOpen = true;
    void this.get({
      standalone: true,
      requestId: undefined,
      session: this.host.session(),
      attempt: 0,
    });
  }

  /** The session was replaced: the next openStandalone() opens a stream for the new one. */
  sessionChanged(): void {
    this.standaloneOpen = false;
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async read(res: HttpResponse, ctx: StreamContext): Promise<void> {
    const host = this.host;
    let answered = false;
    let progressed = false;
    const end = await pumpSse(res, {
      maxEventBytes: host.maxBytes,
      lastEventId: ctx.lastEventId,
      retryMs: ctx.retryMs,
      onEvent: (event) => {
        progressed = true;
        if (event.event !== 'message' || event.data === '') return;
        const out = host.deliverText(event.data, ctx.requestId);
        if (out.answered) answered = true;
        if (out.invalid)
          host.report(
            this.error(
              'protocol',
              `${this.where()} sent an event that is not valid JSON (${event.data.length} bytes); it was skipped.`,
            ),
          );
      },
    });
    if (host.isClosed() || ctx.signal?.aborted) return;
    if (ctx.session !== host.session()) {
      // The session was replaced (re-initialised): whatever this stream still owed will not come.
      if (ctx.requestId !== undefined && !answered)
        this.fail(
          ctx,
          this.error(
            'network',
            `The session with ${this.where()} was replaced before the answer to request ${String(ctx.requestId)} arrived.`,
          ),
        );
      return;
    }
    if (answered || (!ctx.standalone && ctx.requestId === undefined)) return;
    // Resuming would replay the same oversized event: give up on this stream at once.
    if (end.error?.name === 'SseEventTooLargeError')
      return this.fail(ctx, this.error('protocol', end.error.message));
    // A priming event (an id, no data) counts as progress: the server is polling us on purpose.
    const moved = progressed || end.lastEventId !== ctx.lastEventId;
    this.schedule({
      ...ctx,
      lastEventId: end.lastEventId,
      retryMs: end.retryMs,
      attempt: moved ? 0 : ctx.attempt + 1,
    });
  }

  private schedule(ctx: StreamContext): void {
    const forRequest = !ctx.standalone;
    if (forRequest && ctx.lastEventId === undefined) {
      this.fail(
        ctx,
        this.error(
          'network',
          `The stream from ${this.where()} ended before the answer to request ${String(ctx.requestId)} arrived, and the server offered no way to resume it (no event id).`,
        ),
      );
      return;
    }
    if (ctx.attempt > this.policy.maxAttempts) {
      const what = forRequest
        ? `the answer to request ${String(ctx.requestId)}`
        : 'server messages';
      this.fail(
        ctx,
        this.error(
          'network',
          `Gave up resuming ${what} from ${this.where()} after ${ctx.attempt} failed attempts.`,
        ),
      );
      return;
    }
    // The server's retry is honoured exactly (the spec's MUST); without one, back off.
    const delay =
      ctx.retryMs ??
      Math.min(this.policy.defaultRetryMs * 2 ** Math.max(0, ctx.attempt - 1), MAX_BACKOFF_MS);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.get(ctx);
    }, delay);
    this.timers.add(timer);
  }

  // GET: the standalone stream, or the resumption of a dropped one (with Last-Event-ID).
  private async get(ctx: StreamContext): Promise<void> {
    const host = this.host;
    if (host.isClosed() || ctx.session !== host.session() || ctx.signal?.aborted) return;
    const extra: Record<string, string> = { Accept: 'text/event-stream' };
    if (ctx.lastEventId !== undefined) extra['Last-Event-ID'] = ctx.lastEventId;
    const headers = host.baseHeaders(extra);
    let res: HttpResponse;
    try {
      res = await host.http.request('GET', host.url, headers, undefined, ctx.signal);
    } catch (err) {
      if (host.isClosed() || ctx.signal?.aborted) return;
      if (err instanceof HttpTransportError && err.kind === 'network')
        return this.schedule({ ...ctx, attempt: ctx.attempt + 1 });
      return this.fail(ctx, err as Error);
    }
    const status = res.status;
    const type = res.headers['content-type'] ?? '';
    if (status >= 200 && status < 300 && type.includes('text/event-stream'))
      return this.read(res, ctx);
    if (status === 405 && ctx.standalone) {
      void res.discard(); // the GET stream is optional: this server has none
      return;
    }
    if (status >= 400 && status < 500 && ctx.standalone && ctx.lastEventId === undefined) {
      // Many servers without the optional stream answer 400 or 404 instead of 405: a note, no retry.
      void res.discard();
      this.host.report(
        this.error(
          'http-status',
          `${this.where()} offers no stream for server-initiated messages (HTTP ${status} to the optional GET); its notifications arrive only alongside answers.`,
        ),
      );
      return;
    }
    if (status >= 500) {
      void res.discard();
      return this.schedule({ ...ctx, attempt: ctx.attempt + 1 });
    }
    if (status >= 200 && status < 300) {
      res.destroy(); // not an event stream, and possibly endless: do not read it
      return this.fail(
        ctx,
        this.error(
          'protocol',
          `${this.where()} answered a GET with "${type || 'no content type'}" instead of an event stream.`,
        ),
      );
    }
    this.fail(
      ctx,
      statusError(host.url, status, res.statusText, await readExcerpt(res), host.http.secrets),
    );
  }

  // Reported against the request when there is one, so that the client fails that call now.
  private fail(ctx: StreamContext, err: Error): void {
    if (this.host.isClosed() || ctx.signal?.aborted) return;
    if (ctx.standalone) this.standaloneOpen = false;
    const h = err instanceof HttpTransportError ? err : undefined;
    const what = ctx.standalone ? 'The stream for server messages stopped: ' : '';
    this.host.report(
      new HttpTransportError(`${what}${err.message}`, {
        kind: h?.kind ?? 'network',
        url: this.where(),
        status: h?.status,
        bodyExcerpt: h?.bodyExcerpt,
        requestId: ctx.requestId,
      }),
    );
  }

  private where(): string {
    return displayUrl(this.host.url);
  }

  private error(kind: HttpTransportErrorKind, message: string): HttpTransportError {
    return new HttpTransportError(message, { kind, url: this.where() });
  }
}
