// Paths of the real MCP servers the end-to-end tests configure.
import { join } from 'node:path';
import { ROOT } from '../harness';

/** The installed entry file of a reference MCP server, started with this Node. */
export function referenceServer(name: 'memory' | 'everything' | 'filesystem'): string {
  return join(ROOT, 'node_modules/@modelcontextprotocol', `server-${name}`, 'dist/index.js');
}
