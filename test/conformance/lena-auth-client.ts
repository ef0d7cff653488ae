// The conformance driver for the auth/* client scenarios. The runner passes the server URL as the
// last argument and, for some scenarios, MCP_CONFORMANCE_CONTEXT (pre-registered credentials).
// This file only hands those to Lena's real OAuth provider and opens the authorization URL the way
// the runner expects a browser to: it follows the redirects to Lena's loopback callback.
import { OAuthProvider } from '../../electron/core/mcp/auth/provider';
import { MemoryAuthStore } from '../../electron/core/mcp/auth/store';
import { McpClient } from '../../electron/core/mcp/client';
import { StreamableHttpTransport } from '../../electron/core/mcp/transports/streamable-http';
import { APP_VERSION } from '../../electron/core/version';

// The client metadata document URL the suite's CIMD scenarios expect a client to be configured with.
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface Context {
  client_id?: string;
  client_secret?: string;
}

async function main(): Promise<void> {
  // The driver's own deadline, below the runner's 10 s, so a hang fails with a message.
  setTimeout(() => {
    process.stderr.write('conformance auth client: gave up after 9 s\n');
    process.exit(2);
  }, 9_000).unref();
  const url = new URL(process.argv[process.argv.length - 1]);
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const auth = new OAuthProvider({
    name: 'conformance',
    serverUrl: url,
    settings: { clientId: context.client_id, clientSecret: context.client_secret, clientMetadataUrl: CLIENT_METADATA_URL },
    store: new MemoryAuthStore(),
    host: {
      interactive: true,
      timeoutMs: 8_000,
      // The "browser": the authorization endpoint redirects straight to the loopback callback.
      open: async (authorizationUrl) => {
        const res = await fetch(authorizationUrl, { redirect: 'follow' });
        await res.text();
      },
    },
    log: (level, message) => process.stderr.write(`[auth ${level}] ${message}\n`),
  });
  const client = new McpClient(new StreamableHttpTransport({ url, auth }), { clientInfo: { name: 'lena-conformance', version: APP_VERSION }, requestTimeoutMs: 8_000 });
  const init = await client.connect();
  process.stdout.write(`connected to ${init.serverInfo.name} (protocol ${init.protocolVersion})\n`);
  const tools = await client.listTools();
  process.stdout.write(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}\n`);
  if (tools[0]) {
    const r = await client.callTool(tools[0].name, {});
    process.stdout.write(`${tools[0].name}: ${JSON.stringify(r.content)}\n`);
  }
  await client.close();
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(`conformance auth client failed: ${err.message}\n`);
    process.exit(1);
  },
);
