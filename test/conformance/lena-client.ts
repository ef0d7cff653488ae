// The conformance driver: @modelcontextprotocol/conformance runs it as a client against its
// scenario servers, passing the server URL as the last argument and the scenario name in
// MCP_CONFORMANCE_SCENARIO. It only wires Lena's real client (era selection included) and the
// transport Lena uses for a URL without a type to what each scenario exercises: which calls to
// make. No protocol logic lives here. It stops itself before the runner's timeout. Where a scenario
// asks the user something (an elicitation form), the stand-in user accepts the form as Lena shows
// it: the defaults filled in.
import { initialValues } from '../../shared/elicitation-form';
import { McpClient } from '../../electron/core/mcp/client';
import { createClientFeatures } from '../../electron/core/mcp/client-features/index';
import { HttpFallbackTransport } from '../../electron/core/mcp/transports/http-fallback';
import { APP_VERSION } from '../../electron/core/version';

const DEADLINE_MS = Number(process.env.LENA_CONFORMANCE_DEADLINE_MS ?? 8000);

type Step = (client: McpClient) => Promise<unknown>;

const listTools: Step = (c) => c.listTools();
const callEach = (args: Record<string, unknown>): Step => async (c) => {
  for (const tool of await c.listTools()) await c.callTool(tool.name, args).catch((e: Error) => log(`${tool.name}: ${e.message}`));
};

/** What each scenario needs the client to do after connecting. */
const SCENARIOS: Record<string, Step> = {
  initialize: listTools,
  tools_call: async (c) => {
    const tools = await c.listTools();
    if (tools.some((t) => t.name === 'add_numbers')) log(JSON.stringify(await c.callTool('add_numbers', { a: 5, b: 3 })));
  },
  'sse-retry': (c) => c.callTool('test_reconnection', {}),
  'elicitation-sep1034-client-defaults': callEach({}),
  'request-metadata': async () => undefined,
  'sep-2322-client-request-state': callEach({}),
  'http-standard-headers': async (c) => {
    const [tool] = await c.listTools();
    if (tool) await c.callTool(tool.name, {});
    const [resource] = await c.listResources();
    if (resource) await c.readResource(resource.uri);
    const [prompt] = await c.listPrompts();
    if (prompt) await c.getPrompt(prompt.name, {});
  },
  'http-custom-headers': async (c) => {
    await c.listTools();
    const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { toolCalls?: { name: string; arguments: Record<string, unknown> }[] };
    for (const call of context.toolCalls ?? []) await c.callTool(call.name, call.arguments);
  },
  'http-invalid-tool-headers': callEach({ region: 'us-west1' }),
  'json-schema-ref-no-deref': listTools,
  'json-schema-2020-12-preservation': async (c) => {
    const tools = await c.listTools();
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
    await c.callTool('json_schema_echo', { schema: focal.inputSchema });
  },
};

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
  const features = createClientFeatures('conformance', {
    elicitation: { form: async (question) => ({ action: 'accept', values: initialValues(question.fields) }) },
  });
  const client = new McpClient(new HttpFallbackTransport({ url }), { clientInfo: { name: 'lena-conformance', version: APP_VERSION }, requestTimeoutMs: DEADLINE_MS, features });
  client.on('log', (e) => log(`[${e.source} ${e.level}] ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}`));
  const init = await client.connect();
  process.stdout.write(`connected to ${init.serverInfo.name} (protocol ${init.protocolVersion}, ${client.era})\n`);
  await (SCENARIOS[scenario] ?? listTools)(client);
  await client.close();
}

setTimeout(() => {
  log(`conformance client: no result within ${DEADLINE_MS} ms`);
  process.exit(3);
}, DEADLINE_MS).unref();

main().then(
  () => process.exit(0),
  (err: Error) => {
    log(`conformance client failed: ${err.message}`);
    process.exit(1);
  },
);
