// The stdio MCP server every client in the benchmark talks to. Deliberately cheap (no SDK, one
// write per input chunk, big answers serialised once) so that the clients' costs stand out.
//   tools/call echo {text}  → the text back
//   tools/call large        → a 10 MiB text result
//   tools/list              → 5,000 tools in one page
// It speaks both eras (server/discover answers, so a client may use 2026-07-28; initialize too),
// with the same result payloads on both: the clients' wires are what differs.
const tools = Array.from({ length: 5000 }, (_, i) => ({
  name: `tool_${i}`,
  title: `Tool ${i}`,
  description: `Benchmark tool number ${i}, which takes a path and a flag.`,
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', description: 'A file path' }, flag: { type: 'boolean' } },
    required: ['path'],
  },
  annotations: { readOnlyHint: i % 2 === 0 },
}));
tools.unshift({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
});
const toolsJson = JSON.stringify({ tools });
const largeJson = JSON.stringify({
  content: [{ type: 'text', text: 'x'.repeat(10 * 1024 * 1024) }],
});

function answer(msg) {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":`;
  switch (msg.method) {
    case 'server/discover':
      return `${head}${JSON.stringify({ resultType: 'complete', supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'bench', version: '1.0.0' } } })}}\n`;
    case 'initialize':
      return `${head}${JSON.stringify({ protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bench', version: '1.0.0' } })}}\n`;
    case 'tools/list':
      return `${head}${toolsJson}}\n`;
    case 'tools/call':
      if (msg.params.name === 'large') return `${head}${largeJson}}\n`;
      return `${head}${JSON.stringify({ content: [{ type: 'text', text: msg.params.arguments?.text ?? '' }] })}}\n`;
    case 'ping':
      return `${head}{}}\n`;
    default:
      return msg.id === undefined
        ? ''
        : `{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"error":{"code":-32601,"message":"Method not found"}}\n`;
  }
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let out = '';
  let start = 0;
  let nl;
  while ((nl = pending.indexOf('\n', start)) !== -1) {
    const line = pending.slice(start, nl);
    start = nl + 1;
    if (line.trim()) out += answer(JSON.parse(line));
  }
  pending = pending.slice(start);
  if (out) process.stdout.write(out);
});
process.stdin.on('end', () => process.exit(0));
