// What a server may ask of Lena while it works on a request: roots, sampling and elicitation.
// On the 2026-07-28 wire these arrive inside an `input_required` result (multi-round requests,
// SEP-2322) and Lena retries the request with the answers. The host plugs its handlers in through
// this port (client-features/ builds them over the host's ports); an input Lena cannot serve gets
// a valid refusal (elicitation: decline; sampling: an error), never a hang.
import { McpCancelledError, McpProtocolError } from './errors';

export interface InputContext {
  /** The request is being given up (Stop): a handler should stop asking the user. */
  signal?: AbortSignal;
  /** Which request the server is working on ("tools/call weather"), for what the user sees. */
  purpose: string;
  /** What the request this input serves has asked so far (shared by all its rounds), for the caps. */
  call?: CallBudget;
  /** The conversation whose call this input serves, when the wire says so (opaque here). */
  conversationId?: string;
}

/** Counts of one request's asks: a tool call and every round of input it takes. */
export interface CallBudget {
  sampling: number;
}

/** The host's answers; each returns the result object the specification defines. */
export interface ClientFeatureHandlers {
  roots?(ctx: InputContext): Promise<{ roots: { uri: string; name?: string }[] }>;
  sampling?(params: Record<string, unknown>, ctx: InputContext): Promise<Record<string, unknown>>;
  elicitation?(
    params: Record<string, unknown>,
    ctx: InputContext,
  ): Promise<Record<string, unknown>>;
  /** Which elicitation modes the handler serves (declared as `elicitation.form` / `.url`); form alone by default. */
  elicitationModes?: readonly ('form' | 'url')[];
  /** notifications/elicitation/complete from the server: a URL flow finished. */
  elicitationComplete?(elicitationId: string): void;
}

/** The capabilities the handlers make true (declared per request on 2026, at initialize on 2025). */
export function featureCapabilities(
  handlers: ClientFeatureHandlers | undefined,
): Record<string, unknown> {
  const caps: Record<string, unknown> = {};
  // listChanged: Lena says when the open project (and so the roots) changes.
  if (handlers?.roots) caps.roots = { listChanged: true };
  if (handlers?.sampling) caps.sampling = {};
  if (handlers?.elicitation)
    caps.elicitation = Object.fromEntries(
      (handlers.elicitationModes ?? ['form']).map((m) => [m, {}]),
    );
  return caps;
}

/** A refusal carried in inputResponses where the result type has no refusal of its own. */
function refusal(code: number, message: string): Record<string, unknown> {
  return { error: { code, message } };
}

/** Answers every entry of an `inputRequests` map; keys come back unchanged. */
export async function answerInputRequests(
  requests: Record<string, unknown>,
  handlers: ClientFeatureHandlers | undefined,
  ctx: InputContext,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(requests).map(async ([key, request]) => {
      out[key] = await answerOne(request as { method?: unknown; params?: unknown }, handlers, ctx);
    }),
  );
  if (ctx.signal?.aborted) throw new McpCancelledError(ctx.purpose, 'cancelled by the user');
  return out;
}

async function answerOne(
  request: { method?: unknown; params?: unknown },
  handlers: ClientFeatureHandlers | undefined,
  ctx: InputContext,
): Promise<unknown> {
  const params = (
    typeof request?.params === 'object' && request.params !== null ? request.params : {}
  ) as Record<string, unknown>;
  try {
    return await answerWith(request?.method, params, handlers, ctx);
  } catch (e) {
    // A handler's refusal (invalid request, the user said no) travels as the input's error.
    const code =
      typeof (e as { code?: unknown }).code === 'number' ? (e as { code: number }).code : -32603;
    return refusal(code, (e as Error).message);
  }
}

async function answerWith(
  method: unknown,
  params: Record<string, unknown>,
  handlers: ClientFeatureHandlers | undefined,
  ctx: InputContext,
): Promise<unknown> {
  switch (method) {
    case 'elicitation/create':
      return handlers?.elicitation ? handlers.elicitation(params, ctx) : { action: 'decline' };
    case 'sampling/createMessage':
      return handlers?.sampling
        ? handlers.sampling(params, ctx)
        : refusal(-32601, 'Lena does not offer sampling to this server');
    case 'roots/list':
      return handlers?.roots ? handlers.roots(ctx) : { roots: [] };
    default:
      return refusal(
        -32601,
        `Lena cannot answer an input request of type ${JSON.stringify(method)}`,
      );
  }
}

/** Rounds of input one request may take before Lena gives up (a server asking forever). */
export const MAX_INPUT_ROUNDS = 8;

/** The params of the retry: the original ones plus the answers and the server's state, verbatim. */
export function retryParams(
  original: Record<string, unknown> | undefined,
  result: Record<string, unknown>,
  responses: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...original };
  delete next.inputResponses;
  delete next.requestState;
  if (responses) next.inputResponses = responses;
  if (typeof result.requestState === 'string') next.requestState = result.requestState;
  return next;
}

function tooManyRounds(purpose: string): McpProtocolError {
  return new McpProtocolError(
    `${purpose}: the server asked for more input ${MAX_INPUT_ROUNDS} times in a row; Lena stopped the request`,
  );
}

/**
 * A request that may answer `input_required` (SEP-2322): each round's input requests go to the
 * host's handlers, and the request is sent again (a new id) with the answers and the server's
 * requestState, verbatim, until a complete result — at most MAX_INPUT_ROUNDS rounds.
 */
export async function runInputRounds(
  send: (params: Record<string, unknown>) => Promise<Record<string, unknown>>,
  params: Record<string, unknown>,
  handlers: ClientFeatureHandlers | undefined,
  ctx: InputContext,
): Promise<Record<string, unknown>> {
  let current = params;
  // Every round of one request counts toward the same caps.
  const counted: InputContext = { ...ctx, call: ctx.call ?? { sampling: 0 } };
  for (let round = 0; ; round += 1) {
    const r = await send(current);
    if (r.resultType !== 'input_required') return r;
    if (round >= MAX_INPUT_ROUNDS) throw tooManyRounds(ctx.purpose);
    const requests = r.inputRequests;
    const responses =
      typeof requests === 'object' && requests !== null
        ? await answerInputRequests(requests as Record<string, unknown>, handlers, counted)
        : undefined;
    current = retryParams(params, r, responses);
  }
}
