// The conformance driver: @modelcontextprotocol/conformance runs it as a client against its
// scenario servers, passing the server URL as the last argument and the scenario name in
// MCP_CONFORMANCE_SCENARIO. It talks through Lena's own client and Streamable HTTP transport.
import { McpClient } from '../../electron/core/mcp/client';
import { StreamableHttpTransport } from '../../electron/core/mcp/transports/streamable-http';

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
  const client = new McpClient(new StreamableHttpTransport({ url }), { clientInfo: { name: 'lena-conformance', version: '0.1.0' }, requestTimeoutMs: 20_000 });
  client.on('log', (e) => process.stderr.write(`[${e.source} ${e.level}] ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n`));
  const init = await client.connect();
  process.stdout.write(`connected to ${init.serverInfo.name} (protocol ${init.protocolVersion})\n`);
  const tools = await client.listTools();
  process.stdout.write(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}\n`);
  if (scenario === 'tools_call') {
    const r = await client.callTool('add_numbers', { a: 5, b: 3 });
    process.stdout.write(`add_numbers: ${JSON.stringify(r.content)}\n`);
  } else if (scenario === 'sse-retry') {
    const r = await client.callTool('test_reconnection', {});
    process.stdout.write(`test_reconnection: ${JSON.stringify(r.content)}\n`);
  }
  await client.close();
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(`conformance client failed: ${err.message}\n`);
    process.exit(1);
  },
);
