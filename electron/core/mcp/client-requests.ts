// Answers to requests a server sends the client. Lena advertises no client capability yet (no
// roots, sampling or elicitation), so everything but ping is "method not found": a server must
// not be told we can do what we cannot.
import { ErrorCodes } from './jsonrpc-types';
import { RequestHandlerError } from './jsonrpc';

const NOT_YET: Record<string, string> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};

/** The client capabilities sent in initialize: none, until one of the above is implemented. */
export const CLIENT_CAPABILITIES: Record<string, unknown> = Object.freeze({});

/** Handles one server-to-client request; throws RequestHandlerError for an error answer. */
export function answerServerRequest(method: string): Record<string, unknown> {
  if (method === 'ping') return {};
  const feature = NOT_YET[method];
  throw new RequestHandlerError(
    ErrorCodes.MethodNotFound,
    feature ? `Method not found: Lena does not support ${feature} (${method}) and did not advertise it` : `Method not found: ${method}`,
  );
}
