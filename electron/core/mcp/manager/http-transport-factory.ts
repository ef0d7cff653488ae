// Remote servers: Streamable HTTP, legacy SSE, or Streamable HTTP with the spec's SSE fallback.
import type { RemoteLaunch } from '../config/expand';
import { McpTransportError } from '../errors';
import type { ManagedTransport } from './types';

export async function createHttpTransport(launch: RemoteLaunch): Promise<ManagedTransport> {
  throw new McpTransportError(`${launch.transport} transport is not available in this build yet`);
}
