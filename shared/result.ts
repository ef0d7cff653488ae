// The envelope every invoke channel returns: Electron passes only an Error's message across IPC,
// so errors travel as data with a stable code the window can act on.

/**
 * Every code an envelope or a LenaError can carry; the window switches on these, so a new one is
 * added here (test/unit/shared/error-codes.test.ts scans the source for codes not listed).
 */
export const ERROR_CODES = [
  'invalid-arguments',
  'forbidden',
  'not-found',
  'conflict',
  'unavailable',
  'internal',
  /** dispatch: a channel the contract does not name. */
  'unknown-channel',
  /** The user declined a confirmation (main's dialog for a change made from the window). */
  'cancelled',
  /** An OAuth sign-in that did not complete (the detail holds the hint). */
  'sign-in-failed',
  /** Another Lena process holds a file lock longer than the caller waits. */
  'locked',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What the window adds to an error's message, said by the side that knows it rather than guessed
 * from the code: `restart-lena` — the part of Lena that would do this is not running (the window
 * lost its core, the conversation database could not be opened), so nothing was changed.
 */
export type ErrorAction = 'restart-lena';

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** Optional detail one click away in the UI (stderr tail, HTTP status, validation issues). */
  detail?: string;
  action?: ErrorAction;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, detail?: string, action?: ErrorAction): Envelope<never> => ({
  ok: false,
  error: { code, message, ...(detail === undefined ? {} : { detail }), ...(action === undefined ? {} : { action }) },
});

/** An error that carries a code, thrown inside core and turned into an envelope by the host. */
export class LenaError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
    readonly action?: ErrorAction,
  ) {
    super(message);
    this.name = 'LenaError';
  }
}
