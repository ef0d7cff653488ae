// The baseline of cli.bench.mjs: what `lena mcp call everything echo` does, written directly on
// the official SDK client. Spawns the server given as argv[2], calls echo, prints, exits.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [process.argv[2], 'stdio'] }),
);
const result = await client.callTool({ name: 'echo', arguments: { message: 'bench' } });
process.stdout.write(`${result.content.map((b) => b.text).join('\n')}\n`);
await client.close();
