// Servers see Lena's own version in clientInfo (issue 13), not a constant that outlives releases.
// The version is set before the client module loads: APP_VERSION is read once, at import.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MEMORY = resolve(
  __dirname,
  '../../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js',
);

describe('clientInfo', () => {
  it('carries the app version to the server', async () => {
    process.env.npm_package_version = '7.8.9-test';
    const { McpClient } = await import('../../../../electron/core/mcp/client');
    const { StdioTransport } = await import('../../../../electron/core/mcp/transports/stdio');
    const { wireLog } = await import('./wire-log');
    const transport = new StdioTransport({
      command: process.execPath,
      args: [MEMORY],
      shutdownGraceMs: 500,
    });
    const log = wireLog(transport);
    const client = new McpClient(transport);
    try {
      await client.connect();
      const [initialize] = log.sent('initialize');
      expect(log.body(initialize)).toMatch(/"clientInfo":\{"name":"lena","version":"7\.8\.9-test"/);
    } finally {
      await client.close();
    }
  });
});
