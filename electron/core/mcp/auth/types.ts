// The seam between the HTTP transports and authorization (DESIGN.md "Authorization beside the
// transport"): a transport asks for each request's headers and shows every response; the provider
// behind it owns discovery, registration, tokens and refresh, so transports stay small. The method
// and URL are passed so that a later provider can bind a DPoP proof to them (issue 21).

/** What a provider sees of a response: the status and lower-cased headers, never the body. */
export interface AuthResponseView {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

/** The provider's verdict on a response: repeat the request (new credentials), or use it as is. */
export type AuthVerdict = 'retry' | 'proceed';

export interface AuthProvider {
  /** Headers to add to one request to `url` (Authorization, later DPoP); `{}` when none apply. */
  headers(method: string, url: URL): Record<string, string> | Promise<Record<string, string>>;
  /**
   * Sees every response to a request that `headers()` was asked about. A 401 or 403 may start a
   * refresh, a sign-in or a step-up and answer 'retry'; it throws an AuthError when the request
   * cannot succeed (sign-in required, a refused step), which the transport passes on.
   */
  observe(
    response: AuthResponseView,
    request: { method: string; url: URL },
  ): AuthVerdict | Promise<AuthVerdict>;
}

/** Which step of authorization failed, so the user is told where it broke. */
export type AuthStep =
  'discovery' | 'registration' | 'consent' | 'token' | 'refresh' | 'sign-in-required' | 'scope';

/**
 * An authorization failure, in words for the user: which step, what the server answered, and
 * what to try. Never carries a token or secret.
 */
export class AuthError extends Error {
  readonly step: AuthStep;
  readonly hint: string | undefined;
  constructor(step: AuthStep, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message);
    this.name = 'AuthError';
    this.step = step;
    this.hint = options.hint;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** Thrown when the server needs a sign-in and no interactive sign-in may start by itself. */
export class SignInRequiredError extends AuthError {
  constructor(server: string, detail?: string) {
    super(
      'sign-in-required',
      `Sign in required: ${server} needs you to sign in${detail ? ` (${detail})` : ''}.`,
      {
        hint: `Use Sign in on the servers page, or run \`lena mcp login ${server}\`.`,
      },
    );
    this.name = 'SignInRequiredError';
  }
}

/** The user cancelled (or let time out) the sign-in a tool call waited for: the call did not run. */
export class SignInCancelledError extends AuthError {
  constructor(server: string, tool: string) {
    super('sign-in-required', `Sign-in to ${server} was cancelled, so ${tool} did not run.`, {
      hint: `The user can sign in from the servers page (or \`lena mcp login ${server}\`) and ask again.`,
    });
    this.name = 'SignInCancelledError';
  }
}

/** The `www-authenticate` Bearer challenge's parameters (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  error?: string;
  errorDescription?: string;
  scope?: string[];
  resourceMetadata?: string;
}

/** The AuthError behind `err` (clients wrap what transports throw), if any. */
export function findAuthError(err: unknown): AuthError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof AuthError) return e;
  }
  return undefined;
}
