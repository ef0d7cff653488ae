// The Streamable HTTP server both clients are measured against: the official SDK's server
// transport with sessions, one `echo` tool, on 127.0.0.1. Prints the port on stdout.
//   node mcp-http-server.mjs [sse|json|dual]   sse: the SDK's default (answers as event streams)
//   dual: the SDK v2 server (@modelcontextprotocol/server), which serves 2026-07-28 and, without
//   sessions, 2025 clients: the same server for both of Lena's wires.
/* global Headers, Request */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const json = process.argv[2] === 'json';
const sessions = new Map();

function newSession() {
  const server = new Server(
    { name: 'bench-http', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => ({
    content: [{ type: 'text', text: String(req.params.arguments?.text ?? '') }],
  }));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: json,
    onsessioninitialized: (id) => sessions.set(id, transport),
  });
  return { server, transport };
}

async function dualHandler() {
  const { McpServer, createMcpHandler } = await import('@modelcontextprotocol/server');
  const z = await import('zod');
  const handler = createMcpHandler(() => {
    const server = new McpServer(
      { name: 'bench-http', version: '2.0.0' },
      { capabilities: { tools: {} } },
    );
    server.registerTool(
      'echo',
      { inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
    return server;
  });
  return async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
    const response = await handler.fetch(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

const dual = process.argv[2] === 'dual' ? await dualHandler() : undefined;

const httpServer = http.createServer(async (req, res) => {
  if (dual) return dual(req, res);
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
  const sid = req.headers['mcp-session-id'];
  let transport = sid ? sessions.get(sid) : undefined;
  if (!transport) {
    if (req.method !== 'POST' || body?.method !== 'initialize') {
      res.writeHead(sid ? 404 : 400).end();
      return;
    }
    const s = newSession();
    await s.server.connect(s.transport);
    transport = s.transport;
  }
  await transport.handleRequest(req, res, body);
});
httpServer.keepAliveTimeout = 60_000;
httpServer.listen(0, '127.0.0.1', () => process.stdout.write(`${httpServer.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
