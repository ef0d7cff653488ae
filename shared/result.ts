// The envelope every invoke channel returns: Electron passes only an Error's message across IPC,
// so errors travel as data with a stable code the window can act on.

export type ErrorCode =
  | 'invalid-arguments'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unavailable'
  | 'internal'
  | (string & {});

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** Optional detail one click away in the UI (stderr tail, HTTP status, validation issues). */
  detail?: string;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, detail?: string): Envelope<never> => ({
  ok: false,
  error: detail === undefined ? { code, message } : { code, message, detail },
});

/** An error that carries a code, thrown inside core and turned into an envelope by the host. */
export class LenaError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LenaError';
  }
}
