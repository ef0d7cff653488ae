// Every way a turn can end, told to the user: what happened, what the API said, and what can be
// done next. `tool_use`, `end_turn` and `pause_turn` are the loop's to handle; everything else
// becomes a note stored on the answer (so it is still there after a restart) and in the outcome.
import type { ChatErrorInfo } from '../../../shared/chat/stops';
import type { StreamRoundResult } from './stream-round';

export interface StopContext {
  maxTokens: number;
  model: string;
  /** Tokens the request used (from the usage), for the context-window note. */
  inputTokens: number;
}

const n = (v: number) => v.toLocaleString('en-US');

export function stopNote(result: StreamRoundResult, ctx: StopContext): ChatErrorInfo | null {
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
        message: `Claude declined to answer this request${category}.${why} This exchange is not sent to Claude again; edit your message and resend it, or retry with another model.`,
        action: 'edit-or-switch-model',
        details: {
          stopReason: reason,
          category: d?.category ?? null,
          explanation: d?.explanation ?? null,
        },
      };
    }
    case 'max_tokens': {
      const cut = result.cutToolUse;
      const tool = cut
        ? ` Claude was writing the input for ${cut} when it was cut off; that tool was not run.`
        : '';
      return {
        kind: 'max-tokens',
        message: `The answer was cut off at the limit of ${n(ctx.maxTokens)} tokens per answer.${tool} Continue asks Claude to go on; raise "Max tokens per answer" in Settings for longer answers.`,
        action: 'continue',
        details: { stopReason: reason, limitTokens: ctx.maxTokens },
      };
    }
    case 'model_context_window_exceeded':
      return contextNote(
        reason,
        ctx.inputTokens,
        `${ctx.model}'s context window filled up while Claude was answering (the request held about ${n(ctx.inputTokens)} tokens).`,
      );
    case 'stop_sequence':
      return {
        kind: 'stop-sequence',
        message: `The answer stopped at the stop sequence ${JSON.stringify(result.stopSequence ?? '')}.`,
        details: { stopReason: reason, stopSequence: result.stopSequence ?? null },
      };
    default:
      return {
        kind: 'unknown-stop',
        message: `The answer ended for a reason Lena does not know: "${reason}". It may be incomplete; Regenerate asks again.`,
        action: 'retry',
        details: { stopReason: reason },
      };
  }
}

/** Too big for the model: never a plain Retry (it would fail the same way). */
export function contextNote(
  stopReason: string,
  requestTokens: number | undefined,
  what: string,
): ChatErrorInfo {
  return {
    kind: 'context',
    message: `${what} Continue in a new conversation that starts with a summary of this one, or drop the results of older tool calls from what is sent to Claude.`,
    action: 'new-conversation-with-summary',
    alternatives: ['drop-old-tool-results'],
    details: { stopReason, ...(requestTokens !== undefined ? { requestTokens } : {}) },
  };
}

/**
 * `lena chat`'s exit status: 0 for a finished answer (a stop sequence included), 1 for an error,
 * 5 when Claude declined, 6 when the answer is incomplete (max_tokens, context window, unknown);
 * the numbers are EXIT.refused and EXIT.incomplete of the command line (electron/cli/errors.ts).
 */
export function exitCodeFor(error: ChatErrorInfo | null): number {
  if (!error || error.kind === 'stop-sequence') return 0;
  if (error.kind === 'refusal') return 5;
  if (
    error.kind === 'max-tokens' ||
    error.kind === 'unknown-stop' ||
    (error.kind === 'context' && error.details?.stopReason === 'model_context_window_exceeded')
  )
    return 6;
  return 1;
}
