// The one error model, end to end (issue 13): core throws a LenaError (or a typed MCP error the
// manager turns into one), the host sends its ErrorInfo in an envelope (Electron passes only an
// Error's message across IPC, so errors travel as data), and the window rebuilds the same
// ErrorInfo and renders it by `action`. Decisions switch on `code` and `data`, never on the text.

/**
 * Every code an envelope, a LenaError or a server's status error can carry, by a constant name;
 * the window and the manager switch on these, so a new one is added here
 * (test/unit/shared/error-codes.test.ts scans the source for codes not listed).
 */
export const ERROR_CODE = {
  invalidArguments: 'invalid-arguments',
  forbidden: 'forbidden',
  notFound: 'not-found',
  conflict: 'conflict',
  unavailable: 'unavailable',
  internal: 'internal',
  /** dispatch: a channel the contract does not name. */
  unknownChannel: 'unknown-channel',
  /** The user declined a confirmation (main's dialog), or stopped the work. */
  cancelled: 'cancelled',
  /** An OAuth sign-in that did not complete (the detail holds the hint). */
  signInFailed: 'sign-in-failed',
  /** A remote server needs a sign-in before it can be used. */
  signInRequired: 'sign-in-required',
  /** Another Lena process holds a file lock longer than the caller waits. */
  locked: 'locked',
  /** A permission rule refused a tool call the user made by hand (`lena mcp call`); ask rules do not. */
  toolDenied: 'tool-denied',

  // Why a server failed (its status error); the restart policy and the hints switch on these.
  /** The command is not on PATH. */
  commandNotFound: 'command-not-found',
  /** The command's path does not exist or is a directory. */
  badCommand: 'bad-command',
  /** The command exists but may not be run (EACCES). */
  notExecutable: 'not-executable',
  /** The entry's working directory does not exist. */
  badCwd: 'bad-cwd',
  /** The entry asks for a sandbox this machine cannot run (a tool or user namespaces missing). */
  sandboxUnavailable: 'sandbox-unavailable',
  /** Any other failure to start the process. */
  spawnFailed: 'spawn-failed',
  /** The entry is invalid (or names something Lena cannot run). */
  invalidConfig: 'invalid-config',
  /** The entry references a variable or secret that is not set. */
  missingReference: 'missing-reference',
  /** A project server waits for the user's approval (or a grant). */
  needsApproval: 'needs-approval',
  /** Server and client share no protocol version. */
  protocolVersion: 'protocol-version',
  /** The server broke the protocol (an undecodable or malformed answer). */
  protocolError: 'protocol-error',
  /** Spawn, initialize and the first listings took longer than startupTimeout. */
  startTimeout: 'start-timeout',
  /** A request got no answer in time. */
  timeout: 'timeout',
  /** The server process exited or was killed (data: exitCode, signal). */
  serverExited: 'server-exited',
  /** It kept exiting at start: Lena stopped restarting it. */
  crashLoop: 'crash-loop',
  /** The connection failed for another reason (a broken pipe, a message too large). */
  connectionFailed: 'connection-failed',
  /** An HTTP server answered a non-2xx status (data.status). */
  httpStatus: 'http-status',
  /** An HTTP server could not be reached (data.errno: ECONNREFUSED, ENOTFOUND…). */
  network: 'network',
  /** The server answered a JSON-RPC error (data.rpcCode). */
  serverError: 'server-error',

  // Why a chat turn failed (the turn's error, stored on the answer it concerns).
  /** No Anthropic API key is set. */
  noApiKey: 'no-api-key',
  /** Anthropic refused the key or the request's permissions (401, 403). */
  apiKeyRefused: 'api-key-refused',
  /** Rate limited after the SDK's retries (data.retryAfterSeconds when the API said). */
  rateLimited: 'rate-limited',
  /** The Messages API stayed overloaded (529) through the retries. */
  overloaded: 'overloaded',
  /** The request is too large or too long for the model (413, prompt too long; data.requestTokens). */
  contextTooLong: 'context-too-long',
  /** The stream broke while Claude was answering (data.retried: a retry replaced this answer). */
  interrupted: 'interrupted',
  /** The turn hit the maximum number of tool rounds. */
  maxRounds: 'max-rounds',
  /** The Messages API answered another error (data.status), or the endpoint is unusable. */
  apiError: 'api-error',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** The closed list of codes. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODE);

/**
 * What the window does with an error, said by the side that knows it rather than guessed from the
 * code or the text: `restart-lena` — the part of Lena that would do this is not running (the window
 * lost its core, the conversation database could not be opened), so nothing was changed;
 * `open-settings` — the fix is in Settings (the API key); `retry` — asking again may work (the
 * chat's Retry, after data.retryAfterSeconds); `new-conversation-with-summary` — the conversation
 * is too long: continue in a new one from a summary, or drop older tool results and retry.
 */
export type ErrorAction =
  'restart-lena' | 'open-settings' | 'retry' | 'new-conversation-with-summary';

/** One failed check of a channel's arguments, as zod reported it. */
export interface ValidationIssue {
  /** Where in the arguments (`["entry", "command"]`); empty for the arguments as a whole. */
  path: (string | number)[];
  message: string;
  /** zod's issue code (`invalid_type`, `too_big`…). */
  code?: string;
}

/** What an error carries for a program to act on, beside the words for the user. */
export interface ErrorData {
  /** invalid-arguments: every failed check, with its path. */
  issues?: ValidationIssue[];
  /** http-status: the status the server answered. */
  status?: number;
  /** network, spawn: the system's error code (ECONNREFUSED, ENOENT…). */
  errno?: string;
  /** server-error: the JSON-RPC error code. */
  rpcCode?: number;
  /** server-exited: how the process ended. */
  exitCode?: number | null;
  signal?: string | null;
  /** rate-limited: seconds the API asked to wait before asking again. */
  retryAfterSeconds?: number;
  /** context-too-long: the tokens the request held, when the API said. */
  requestTokens?: number;
  /** interrupted: a retry replaced this partial answer; it is shown, never sent again. */
  retried?: boolean;
}

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** Optional detail one click away in the UI (stderr tail, HTTP status, validation issues). */
  detail?: string;
  action?: ErrorAction;
  data?: ErrorData;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** An ErrorInfo without its unset members (what crosses IPC and what tests compare). */
export function errorInfo(
  code: ErrorCode,
  message: string,
  more: { detail?: string; action?: ErrorAction; data?: ErrorData } = {},
): ErrorInfo {
  return {
    code,
    message,
    ...(more.detail === undefined ? {} : { detail: more.detail }),
    ...(more.action === undefined ? {} : { action: more.action }),
    ...(more.data === undefined ? {} : { data: more.data }),
  };
}

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (
  code: ErrorCode,
  message: string,
  detail?: string,
  action?: ErrorAction,
  data?: ErrorData,
): Envelope<never> => ({
  ok: false,
  error: errorInfo(code, message, { detail, action, data }),
});

/** An error that carries a code, thrown inside core and turned into an envelope by the host. */
export class LenaError extends Error {
  readonly data?: ErrorData;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
    readonly action?: ErrorAction,
    /** `cause` keeps the error underneath (a typed MCP error) reachable. */
    options: { data?: ErrorData; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LenaError';
    if (options.data !== undefined) this.data = options.data;
  }

  /** A LenaError that stands for an ErrorInfo (the window rebuilds core's error with it). */
  static from(info: ErrorInfo, cause?: unknown): LenaError {
    return new LenaError(info.code, info.message, info.detail, info.action, {
      data: info.data,
      cause,
    });
  }

  get info(): ErrorInfo {
    return errorInfo(this.code, this.message, {
      detail: this.detail,
      action: this.action,
      data: this.data,
    });
  }
}
