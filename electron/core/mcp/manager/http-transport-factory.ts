// Remote servers: Streamable HTTP, legacy HTTP+SSE, or Streamable HTTP with the spec's fallback to
// HTTP+SSE (a URL with no `type`). Loaded only when a remote server is configured.
import type { RemoteLaunch } from '../config/expand';
import { HttpFallbackTransport } from '../transports/http-fallback';
import { SseTransport } from '../transports/sse';
import { StreamableHttpTransport } from '../transports/streamable-http';
import type { ManagedTransport, TransportHooks } from './types';

export function createHttpTransport(
  launch: RemoteLaunch,
  hooks: TransportHooks = {},
): ManagedTransport {
  const options = {
    url: launch.url,
    headers: launch.headers,
    auth: hooks.auth,
    onSessionReinitialized: () => hooks.onSessionReinitialized?.(),
  };
  switch (launch.transport) {
    case 'http':
      return new StreamableHttpTransport(options);
    case 'sse':
      return new SseTransport({ url: launch.url, headers: launch.headers, auth: hooks.auth });
    default:
      return new HttpFallbackTransport(options);
  }
}
