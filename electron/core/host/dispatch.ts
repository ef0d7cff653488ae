// Turns the handler object into one dispatch function: unknown channel → error, arguments
// validated with the contract's schema, thrown errors → an error envelope with a code.
import {
  invokeChannels,
  isInvokeChannel,
  type InvokeChannel,
  type ParsedArgsOf,
  type ResultOf,
} from '../../../shared/contract';
import {
  ERROR_CODE,
  fail,
  LenaError,
  ok,
  type Envelope,
  type ValidationIssue,
} from '../../../shared/result';

/** Who is calling; main fills it from the IPC event, the harness from the Playwright frame. */
export interface CallContext {
  /** The URL of the frame that sent the call. */
  senderUrl: string;
  /** The window (renderer connection) that called: its events and questions route by it. */
  viewId?: string;
}

/** A handler for every channel: a missing one is a compile error. */
export type Handlers = {
  [C in InvokeChannel]: (
    args: ParsedArgsOf<C>,
    ctx: CallContext,
  ) => Promise<ResultOf<C>> | ResultOf<C>;
};

export type Dispatch = (
  channel: string,
  args: unknown,
  ctx: CallContext,
) => Promise<Envelope<unknown>>;

export function createDispatch(
  handlers: Handlers,
  onError?: (channel: string, err: unknown) => void,
): Dispatch {
  return async (channel, rawArgs, ctx) => {
    if (!isInvokeChannel(channel))
      return fail(ERROR_CODE.unknownChannel, `Unknown channel "${String(channel)}".`);
    const parsed = invokeChannels[channel].args.safeParse(rawArgs);
    if (!parsed.success) {
      // The issues travel as data (the window can point at the field), and in words for a reader.
      const issues: ValidationIssue[] = parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
        code: i.code,
      }));
      const words = issues
        .map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`)
        .join('; ');
      return fail(
        ERROR_CODE.invalidArguments,
        `Invalid arguments for ${channel}: ${words}`,
        undefined,
        undefined,
        { issues },
      );
    }
    try {
      const handler = handlers[channel] as (a: unknown, c: CallContext) => unknown;
      return ok(await handler(parsed.data, ctx));
    } catch (err) {
      onError?.(channel, err);
      if (err instanceof LenaError) return { ok: false, error: err.info };
      const message = err instanceof Error ? err.message : String(err);
      return fail(ERROR_CODE.internal, `${channel} failed: ${message}`);
    }
  };
}
