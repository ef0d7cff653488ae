// A message's error and stop as stored. Databases written before errors and stops were apart hold
// one JSON note in `error` with a `kind` (a stop's kinds among the errors'); those are read here
// into today's shapes, so an old conversation shows the same notes and decides by code.
import type { TurnStop } from '../../../shared/chat/stops';
import { ERROR_CODE, errorInfo, type ErrorCode, type ErrorInfo } from '../../../shared/result';

/** The note stored before (kind, message, action, details…). */
interface StoredNote {
  kind: string;
  message?: string;
  action?: string;
  retryAfterSeconds?: number;
  retried?: boolean;
  details?: {
    category?: string | null;
    explanation?: string | null;
    stopSequence?: string | null;
    stopReason?: string;
    requestTokens?: number;
    limitTokens?: number;
  };
}

const ERROR_KINDS: Record<string, ErrorCode> = {
  auth: ERROR_CODE.apiKeyRefused,
  'no-key': ERROR_CODE.noApiKey,
  'rate-limit': ERROR_CODE.rateLimited,
  overloaded: ERROR_CODE.overloaded,
  context: ERROR_CODE.contextTooLong,
  network: ERROR_CODE.network,
  interrupted: ERROR_CODE.interrupted,
  'max-rounds': ERROR_CODE.maxRounds,
  api: ERROR_CODE.apiError,
};

const STOP_KINDS: Record<string, TurnStop['kind']> = {
  refusal: 'refusal',
  'max-tokens': 'max-tokens',
  'stop-sequence': 'stop-sequence',
  paused: 'paused',
  'unknown-stop': 'unknown',
};

const ACTIONS = new Set(['open-settings', 'retry', 'new-conversation-with-summary']);

const parse = <T>(text: string | null | undefined): T | null =>
  text ? (JSON.parse(text) as T) : null;

/** The error and the stop of a stored message, whichever shape they were written in. */
export function readNotes(
  errorText: string | null,
  stopText: string | null | undefined,
): { error: ErrorInfo | null; stop: TurnStop | null } {
  const stored = parse<ErrorInfo | StoredNote>(errorText);
  const stop = parse<TurnStop>(stopText);
  if (!stored || !('kind' in stored)) return { error: stored, stop };
  return fromStoredNote(stored);
}

function fromStoredNote(note: StoredNote): { error: ErrorInfo | null; stop: TurnStop | null } {
  const d = note.details ?? {};
  const message = note.message ?? '';
  // A context-window stop was stored as kind 'context' with the API's stop reason.
  const stopKind =
    STOP_KINDS[note.kind] ??
    (note.kind === 'context' && d.stopReason === 'model_context_window_exceeded'
      ? 'context-window'
      : undefined);
  if (stopKind) {
    const stop: TurnStop = { kind: stopKind, stopReason: d.stopReason ?? note.kind, message };
    if (d.category !== undefined) stop.category = d.category;
    if (d.explanation !== undefined) stop.explanation = d.explanation;
    if (d.stopSequence !== undefined) stop.stopSequence = d.stopSequence;
    if (d.limitTokens !== undefined) stop.limitTokens = d.limitTokens;
    if (d.requestTokens !== undefined) stop.requestTokens = d.requestTokens;
    return { error: null, stop };
  }
  const data = {
    ...(note.retryAfterSeconds !== undefined ? { retryAfterSeconds: note.retryAfterSeconds } : {}),
    ...(d.requestTokens !== undefined ? { requestTokens: d.requestTokens } : {}),
    ...(note.retried ? { retried: true } : {}),
  };
  const error = errorInfo(ERROR_KINDS[note.kind] ?? ERROR_CODE.apiError, message, {
    ...(note.action && ACTIONS.has(note.action)
      ? { action: note.action as ErrorInfo['action'] }
      : {}),
    ...(Object.keys(data).length > 0 ? { data } : {}),
  });
  return { error, stop: null };
}
