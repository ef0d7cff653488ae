// Turns whatever a server's start or session threw into the ErrorInfo its status keeps: the typed
// errors (spawn, HTTP, timeout, protocol, JSON-RPC) keep their kind as a code and their numbers as
// data, so the restart policy and the hints decide by code and HTTP status, never by the text.
import { ERROR_CODE, errorInfo, LenaError, type ErrorInfo } from '../../../../shared/result';
import {
  McpCancelledError,
  McpProtocolError,
  McpRpcError,
  McpTimeoutError,
  McpTransportError,
} from '../errors';
import { HttpTransportError } from '../transports/http-errors';
import type { TransportCloseInfo } from '../transport';

/** The first HTTP transport error in the cause chain (a connect wraps it in an McpTransportError). */
function httpCause(err: unknown): HttpTransportError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof HttpTransportError) return e;
  }
  return undefined;
}

function errnoOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

/** The code and data of a failure; `message` is the caller's (tidied) words for it. */
export function failureInfo(err: unknown, message: string): ErrorInfo {
  if (err instanceof LenaError)
    return errorInfo(err.code, message, { detail: err.detail, action: err.action, data: err.data });
  const http = httpCause(err);
  if (http) {
    if (http.kind === 'http-status' && http.status !== undefined)
      return errorInfo(ERROR_CODE.httpStatus, message, { data: { status: http.status } });
    if (http.kind === 'network') {
      const errno = errnoOf(http.cause);
      return errorInfo(ERROR_CODE.network, message, errno ? { data: { errno } } : {});
    }
    return errorInfo(
      http.kind === 'protocol' ? 'protocol-error' : 'connection-failed',
      message,
      http.status === undefined ? {} : { data: { status: http.status } },
    );
  }
  if (err instanceof McpTransportError) {
    if (err.code)
      return errorInfo(
        err.code,
        message,
        errnoOf(err.cause) ? { data: { errno: errnoOf(err.cause) } } : {},
      );
    if (err.exitCode != null || err.signal != null)
      return errorInfo(ERROR_CODE.serverExited, message, {
        data: { exitCode: err.exitCode ?? null, signal: err.signal ?? null },
      });
    return errorInfo(ERROR_CODE.connectionFailed, message);
  }
  if (err instanceof McpTimeoutError) return errorInfo(ERROR_CODE.timeout, message);
  if (err instanceof McpProtocolError)
    return errorInfo(err.reason === 'version' ? 'protocol-version' : 'protocol-error', message);
  if (err instanceof McpRpcError)
    return errorInfo(ERROR_CODE.serverError, message, { data: { rpcCode: err.code } });
  if (err instanceof McpCancelledError) return errorInfo(ERROR_CODE.cancelled, message);
  return errorInfo(ERROR_CODE.internal, message);
}

/** A session that ended by itself: an exit (code, signal) or a transport's own failure. */
export function closeInfo(info: TransportCloseInfo, message: string): ErrorInfo {
  if (info.code) return errorInfo(info.code, message);
  if (info.exitCode != null || info.signal != null)
    return errorInfo(ERROR_CODE.serverExited, message, {
      data: { exitCode: info.exitCode ?? null, signal: info.signal ?? null },
    });
  return errorInfo(ERROR_CODE.connectionFailed, message);
}
