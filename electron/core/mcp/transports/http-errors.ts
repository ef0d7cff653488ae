// Errors from the HTTP transports. They carry the status and a short, redacted body excerpt so
// the UI can say "HTTP 401 from https://host/mcp", and never a header value, token or session id.
import { configuredSecrets, redact } from '../../base/redact';
import { MessageDecodeError } from '../errors';
import type { JsonRpcId } from '../jsonrpc-types';

/** What went wrong, for callers that branch (the fallback, the manager's backoff). */
export type HttpTransportErrorKind =
  | 'http-status' // the server answered with a non-2xx status
  | 'network' // connection refused, reset, DNS, TLS
  | 'redirect' // a refused redirect (cross-origin, or too many)
  | 'session-expired' // 404 on a session, and re-initialising did not help
  | 'protocol' // the server answered something that is not MCP (bad content type, bad JSON)
  | 'closed'; // the transport was closed

export interface HttpTransportErrorInit {
  kind: HttpTransportErrorKind;
  /** Origin and path only: query strings and credentials in URLs are never shown. */
  url: string;
  status?: number;
  bodyExcerpt?: string;
  cause?: unknown;
  requestId?: JsonRpcId;
}

/**
 * A transport-level HTTP failure (as opposed to a JSON-RPC error from the server). It extends
 * MessageDecodeError so that, reported through `onError` with a `requestId` (a stream that dropped
 * before that request's answer, an answer that could not be read), the client fails that call at
 * once instead of waiting for its timeout; without a requestId it is only logged.
 */
export class HttpTransportError extends MessageDecodeError {
  readonly kind: HttpTransportErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  readonly bodyExcerpt: string | undefined;
  /** 5xx, 429 and network failures: worth retrying later with backoff. */
  readonly transient: boolean;

  constructor(message: string, init: HttpTransportErrorInit) {
    super(message, init.requestId);
    if (init.cause !== undefined) this.cause = init.cause;
    this.name = 'HttpTransportError';
    this.kind = init.kind;
    this.url = init.url;
    this.status = init.status;
    this.bodyExcerpt = init.bodyExcerpt;
    const s = init.status;
    this.transient =
      init.kind === 'network' || (s !== undefined && (s >= 500 || s === 429 || s === 408));
  }
}

/** `https://user:pw@host/mcp?key=1` → `https://host/mcp`: safe to show and to log. */
export function displayUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

const EXCERPT_CHARS = 200;

/**
 * Cuts a response body to a one-line excerpt and blanks every secret the transport knows
 * (configured header values, the session id): a server may echo a bad token back in its error.
 */
export function bodyExcerpt(body: string, secrets: Iterable<string>): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  let text = body.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  text = redact(text, configuredSecrets(secrets));
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

const STATUS_HINTS: Record<number, string> = {
  400: 'the server rejected the request; check the URL and that it is an MCP endpoint',
  401: 'the server needs credentials; check the Authorization header or token in this server’s configuration',
  403: 'the credentials were refused; check the token’s permissions in this server’s configuration',
  404: 'nothing answers at this URL; check the path (often /mcp or /sse)',
  405: 'this URL does not accept MCP requests; check the path, or set the transport type',
  429: 'the server is rate limiting; Lena will retry later',
};

/** "HTTP 401 from https://host/mcp (Unauthorized): <hint>. Server said: …" */
export function statusError(
  url: URL,
  status: number,
  statusText: string | undefined,
  body: string,
  secrets: Iterable<string>,
): HttpTransportError {
  const excerpt = bodyExcerpt(body, secrets);
  const hint =
    STATUS_HINTS[status] ??
    (status >= 500
      ? 'the server failed; Lena will retry later, or check the server’s logs'
      : 'unexpected answer from the server');
  const where = displayUrl(url);
  const label = statusText ? ` (${statusText})` : '';
  const said = excerpt ? ` Server said: ${excerpt}` : '';
  return new HttpTransportError(`HTTP ${status}${label} from ${where}: ${hint}.${said}`, {
    kind: 'http-status',
    url: where,
    status,
    bodyExcerpt: excerpt,
  });
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;

/** A connection-level failure, phrased for a user ("could not reach …: ECONNREFUSED"). */
export function networkError(
  url: URL,
  cause: unknown,
  secrets: Iterable<string>,
): HttpTransportError {
  const where = displayUrl(url);
  const code = (cause as { code?: unknown } | null)?.code;
  const detail = redact(
    cause instanceof Error ? cause.message : String(cause),
    configuredSecrets(secrets),
  );
  const hint =
    code === 'ECONNREFUSED'
      ? 'nothing is listening there; is the server running?'
      : code === 'ENOTFOUND'
        ? 'the host name does not resolve; check the URL'
        : typeof code === 'string' && TLS_CODES.test(code)
          ? "the server's TLS certificate is not trusted for this host; fix the certificate, or add its CA to the system's trust store (or NODE_EXTRA_CA_CERTS)"
          : 'check the URL and your network';
  return new HttpTransportError(`Could not reach ${where} (${detail}): ${hint}`, {
    kind: 'network',
    url: where,
    cause,
  });
}
