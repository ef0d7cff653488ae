// Every way a turn can end, told to the user: what happened, what the API said, and what can be
// done next. `tool_use`, `end_turn` and `pause_turn` are the loop's to handle; everything else
// becomes a stop stored on the answer (so it is still there after a restart) and in the outcome.
// A stop is not an error: errors (the request failed) are ErrorInfo, from api-errors.ts.
import type { TurnStop } from '../../../shared/chat/stops';
import { ERROR_CODE, errorInfo, type ErrorInfo } from '../../../shared/result';
import type { StreamRoundResult } from './stream-round';

export interface StopContext {
  maxTokens: number;
  model: string;
  /** Tokens the request used (from the usage), for the context-window note. */
  inputTokens: number;
}

const n = (v: number) => v.toLocaleString('en-US');

/** What the user can do about a conversation too big for the model (a stop or an error). */
const SHORTEN =
  'Continue in a new conversation that starts with a summary of this one, or drop the results of older tool calls from what is sent to Claude.';

export function stopNote(result: StreamRoundResult, ctx: StopContext): TurnStop | null {
  const reason = result.stopReason;
  switch (reason) {
    case null:
    case 'end_turn':
    case 'tool_use':
    case 'pause_turn':
      return null;
    case 'refusal': {
      const d = result.stopDetails;
      const why = d?.explanation ? ` ${d.explanation}` : '';
      const category = d?.category ? ` (category: ${d.category})` : '';
      return {
        kind: 'refusal',
        stopReason: reason,
        message: `Claude declined to answer this request${category}.${why} This exchange is not sent to Claude again; edit your message and resend it, or retry with another model.`,
        category: d?.category ?? null,
        explanation: d?.explanation ?? null,
      };
    }
    case 'max_tokens': {
      const cut = result.cutToolUse;
      const tool = cut
        ? ` Claude was writing the input for ${cut} when it was cut off; that tool was not run.`
        : '';
      return {
        kind: 'max-tokens',
        stopReason: reason,
        message: `The answer was cut off at the limit of ${n(ctx.maxTokens)} tokens per answer.${tool} Continue asks Claude to go on; raise "Max tokens per answer" in Settings for longer answers.`,
        limitTokens: ctx.maxTokens,
      };
    }
    case 'model_context_window_exceeded':
      return {
        kind: 'context-window',
        stopReason: reason,
        message: `${ctx.model}'s context window filled up while Claude was answering (the request held about ${n(ctx.inputTokens)} tokens). ${SHORTEN}`,
        requestTokens: ctx.inputTokens,
      };
    case 'stop_sequence':
      return {
        kind: 'stop-sequence',
        stopReason: reason,
        message: `The answer stopped at the stop sequence ${JSON.stringify(result.stopSequence ?? '')}.`,
        stopSequence: result.stopSequence ?? null,
      };
    default:
      return {
        kind: 'unknown',
        stopReason: reason,
        message: `The answer ended for a reason Lena does not know: "${reason}". It may be incomplete; Regenerate asks again.`,
      };
  }
}

/** Too big for the model (413, prompt too long): never a plain Retry (it would fail the same way). */
export function contextError(what: string, requestTokens?: number): ErrorInfo {
  return errorInfo(ERROR_CODE.contextTooLong, `${what} ${SHORTEN}`, {
    action: 'new-conversation-with-summary',
    ...(requestTokens !== undefined ? { data: { requestTokens } } : {}),
  });
}

/**
 * `lena chat`'s exit status: 0 for a finished answer (a stop sequence included), 1 for an error,
 * 5 when Claude declined, 6 when the answer is incomplete (max_tokens, context window, unknown);
 * a turn paused too often is 1, as Lena gave up on it; the numbers are EXIT.refused and EXIT.incomplete of the command line (electron/cli/errors.ts).
 */
export function exitCodeFor(error: ErrorInfo | null, stop: TurnStop | null): number {
  if (error) return 1;
  if (!stop || stop.kind === 'stop-sequence') return 0;
  if (stop.kind === 'refusal') return 5;
  return stop.kind === 'paused' ? 1 : 6;
}
