// Server-to-client requests on the JSON-RPC peer: each is handed to the host's handler, answered
// once (at once or later, when the handler asks the user), and aborted when the server cancels it
// or the session closes; a cancelled request gets no answer.
import { ErrorCodes, type JsonRpcId, type JsonRpcMessage } from './jsonrpc-types';

/** What a server-to-client request handler throws to answer with a JSON-RPC error. */
export class RequestHandlerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Answers a server-to-client request; `signal` aborts when the server cancels it or the session
 * closes; `conversationId` is that of the request of ours it is related to, when known.
 */
export type RequestHandler = (
  method: string,
  params: Record<string, unknown> | undefined,
  ctx: { signal: AbortSignal; conversationId?: string },
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The server's requests still being answered (asking the user, say), by their id. */
export class IncomingRequests {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly handler: RequestHandler,
    /** Sends the reply (the peer sends nothing once the session is closed). */
    private readonly reply: (message: JsonRpcMessage, method: string, id: JsonRpcId) => void,
  ) {}

  // A handler may answer at once or later (a host asking the user); either way one reply goes out.
  answer(
    id: JsonRpcId,
    method: string,
    params: Record<string, unknown> | undefined,
    conversationId?: string,
  ): void {
    const key = JSON.stringify(id);
    const controller = new AbortController();
    const reply = (result: Record<string, unknown> | undefined, e?: unknown) => {
      this.running.delete(key);
      // A cancelled request gets no answer (the specification: the receiver SHOULD NOT respond).
      if (controller.signal.aborted) return;
      const message: JsonRpcMessage =
        e === undefined
          ? { jsonrpc: '2.0', id, result: result ?? {} }
          : {
              jsonrpc: '2.0',
              id,
              error: {
                code: e instanceof RequestHandlerError ? e.code : ErrorCodes.InternalError,
                message: (e as Error)?.message ?? String(e),
              },
            };
      this.reply(message, method, id);
    };
    let answer: Record<string, unknown> | Promise<Record<string, unknown>>;
    try {
      answer = this.handler(method, params, {
        signal: controller.signal,
        ...(conversationId === undefined ? {} : { conversationId }),
      });
    } catch (e) {
      reply(undefined, e);
      return;
    }
    if (!(answer instanceof Promise)) {
      reply(answer);
      return;
    }
    this.running.set(key, controller);
    answer.then(
      (r) => reply(r),
      (e: unknown) => reply(undefined, e),
    );
  }

  /** notifications/cancelled: the server gave up on one of its requests (a question not answered yet). */
  cancelled(params: Record<string, unknown> | undefined): void {
    const key = JSON.stringify(params?.requestId ?? null);
    this.running
      .get(key)
      ?.abort(typeof params?.reason === 'string' ? params.reason : 'cancelled by the server');
  }

  /** The session closed: every request still being answered is aborted. */
  close(reason: string): void {
    for (const controller of this.running.values()) controller.abort(reason);
    this.running.clear();
  }
}
