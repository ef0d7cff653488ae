// The conformance driver: @modelcontextprotocol/conformance runs it as a client against its
// scenario servers, passing the server URL as the last argument and the scenario name in
// MCP_CONFORMANCE_SCENARIO. It only wires Lena's real client (era selection included) and the
// transport Lena uses for a URL without a type to what each scenario exercises: which calls to
// make. For the auth/* scenarios it hands the runner's context (pre-registered credentials) to
// Lena's real OAuth provider and opens the authorization URL the way the runner expects a browser
// to: it follows the redirects to Lena's loopback callback. Where a scenario asks the user
// something (an elicitation form), the stand-in user accepts the form as Lena shows it: the
// defaults filled in. No protocol logic lives here. It stops itself before the runner's timeout.
import { initialValues } from '../../shared/elicitation-form';
import type { OAuthSettings } from '../../electron/core/mcp/auth/client-identity';
import { OAuthProvider } from '../../electron/core/mcp/auth/provider';
import { MemoryAuthStore } from '../../electron/core/mcp/auth/store';
import { McpClient } from '../../electron/core/mcp/client';
import { createClientFeatures } from '../../electron/core/mcp/client-features/index';
import { SkillsClient, SkillVerificationError } from '../../electron/core/mcp/skills/client';
import { HttpFallbackTransport } from '../../electron/core/mcp/transports/http-fallback';
import { APP_VERSION } from '../../electron/core/version';

const DEADLINE_MS = Number(process.env.LENA_CONFORMANCE_DEADLINE_MS ?? 8000);

type Step = (client: McpClient) => Promise<unknown>;

const listTools: Step = (c) => c.listTools();
const callEach =
  (args: Record<string, unknown>): Step =>
  async (c) => {
    for (const tool of await c.listTools())
      await c.callTool(tool.name, args).catch((e: Error) => log(`${tool.name}: ${e.message}`));
  };

// An auth scenario's server checks the token on each request, and some (step-up) only on a call.
const callFirst: Step = async (c) => {
  const [tool] = await c.listTools();
  if (tool) log(`${tool.name}: ${JSON.stringify((await c.callTool(tool.name, {})).content)}`);
};

// Skills over MCP: the catalog is listed (no file read); where a scenario's skill is then used, it
// is loaded as the model's load tool would (SKILL.md read and verified) and, once loaded, each of
// its files is read (each verified). A refused read stops the skill there.
const listSkills: Step = async (c) => {
  for (const e of await new SkillsClient(c).list())
    log(e.ok ? `skill ${e.entry.uri}` : `skill ${e.uri} unusable: ${e.reason}`);
};
const useFirstSkill: Step = async (c) => {
  const skills = new SkillsClient(c);
  const [first] = await skills.list();
  if (!first?.ok) throw new Error(`no usable skill: ${first ? first.reason : 'none listed'}`);
  try {
    const { entry } = await skills.load(first.entry);
    for (const file of entry.resources.filter((r) => r.uri !== entry.uri))
      log(`${file.uri}: ${(await skills.readFile(entry, file.uri)).length} characters`);
  } catch (e) {
    if (!(e instanceof SkillVerificationError)) throw e;
    log(e.message); // what the user is told; the skill is not used
  }
};

/** What each scenario needs the client to do after connecting. */
const SCENARIOS: Record<string, Step> = {
  initialize: listTools,
  tools_call: async (c) => {
    const tools = await c.listTools();
    if (tools.some((t) => t.name === 'add_numbers'))
      log(JSON.stringify(await c.callTool('add_numbers', { a: 5, b: 3 })));
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
    const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
      toolCalls?: { name: string; arguments: Record<string, unknown> }[];
    };
    for (const call of context.toolCalls ?? []) await c.callTool(call.name, call.arguments);
  },
  'http-invalid-tool-headers': callEach({ region: 'us-west1' }),
  'json-schema-ref-no-deref': listTools,
  'sep-2640-client-no-prefetch': listSkills,
  'sep-2640-client-verify-digest': useFirstSkill,
  'sep-2640-client-verify-size': useFirstSkill,
  'sep-2640-client-verify-frontmatter': useFirstSkill,
  'json-schema-2020-12-preservation': async (c) => {
    const tools = await c.listTools();
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
    await c.callTool('json_schema_echo', { schema: focal.inputSchema });
  },
};

// The client metadata document URL the suite's CIMD scenarios expect a client to be configured with.
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface AuthContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  valid_jwt?: string;
  idp_id_token?: string;
  idp_client_id?: string;
  idp_token_endpoint?: string;
}

/** The entry each extension scenario stands for: a machine client, or a workload with a platform JWT. */
function grantFor(scenario: string, context: AuthContext): OAuthSettings {
  if (scenario.startsWith('auth/client-credentials-')) return { grant: 'client_credentials' };
  if (scenario === 'auth/wif-jwt-bearer') {
    process.env.LENA_CONFORMANCE_WORKLOAD_JWT = context.valid_jwt; // where a platform would put it
    return { grant: 'jwt_bearer', assertionEnv: 'LENA_CONFORMANCE_WORKLOAD_JWT' };
  }
  if (
    scenario === 'auth/enterprise-managed-authorization' ||
    scenario === 'auth/cross-app-access-complete-flow'
  ) {
    process.env.LENA_CONFORMANCE_ID_TOKEN = context.idp_id_token; // the company sign-in's ID token
    return {
      grant: 'enterprise',
      idpTokenEndpoint: context.idp_token_endpoint,
      idpClientId: context.idp_client_id,
      assertionEnv: 'LENA_CONFORMANCE_ID_TOKEN',
    };
  }
  return {};
}

/** Lena's OAuth provider for this server, configured from the scenario's context. */
function authFor(url: URL, scenario: string): OAuthProvider {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as AuthContext;
  return new OAuthProvider({
    name: 'conformance',
    serverUrl: url,
    settings: {
      clientId: context.client_id,
      clientSecret: context.client_secret,
      privateKey: context.private_key_pem,
      signingAlgorithm: context.signing_algorithm,
      clientMetadataUrl: CLIENT_METADATA_URL,
      ...grantFor(scenario, context),
    },
    store: new MemoryAuthStore(),
    host: {
      interactive: true,
      timeoutMs: DEADLINE_MS,
      // The "browser": the authorization endpoint redirects straight to the loopback callback.
      open: async (authorizationUrl) => {
        const res = await fetch(authorizationUrl, { redirect: 'follow' });
        await res.text();
      },
    },
    log: (level, message) => log(`[auth ${level}] ${message}`),
  });
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
  const features = createClientFeatures('conformance', {
    elicitation: {
      form: async (question) => ({ action: 'accept', values: initialValues(question.fields) }),
    },
  });
  const auth = scenario.startsWith('auth/') ? authFor(new URL(url), scenario) : undefined;
  const client = new McpClient(new HttpFallbackTransport({ url, auth }), {
    clientInfo: { name: 'lena-conformance', version: APP_VERSION },
    requestTimeoutMs: DEADLINE_MS,
    features,
  });
  client.on('log', (e) =>
    log(`[${e.source} ${e.level}] ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}`),
  );
  const init = await client.connect();
  process.stdout.write(
    `connected to ${init.serverInfo.name} (protocol ${init.protocolVersion}, ${client.era})\n`,
  );
  await (SCENARIOS[scenario] ?? (auth ? callFirst : listTools))(client);
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
