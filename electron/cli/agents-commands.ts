// `lena agents add NAME URL [-H ..] [--client-id ID]`, `list`, `show NAME`, `remove NAME`,
// `login NAME`, `logout NAME`: the A2A agents of agents.json in Lena's home, through the same agents
// service as the window and `lena chat`. Sign-ins keep their tokens where `lena mcp login` does.
import type { AgentView } from '../../shared/a2a';
import { AgentAuth } from '../core/agents/auth';
import { AgentsService } from '../core/agents/service';
import type { SignInHost } from '../core/mcp/auth/provider';
import { FileAuthStore } from '../core/mcp/auth/token-files';
import { flag, flags, headerValues } from './args';
import { browserSignInHost } from './cli-auth';
import { cliSecrets } from './cli-secrets';
import { registerCommand } from './commands';
import type { CliContext } from './context';
import { indent, plural } from './output';

/**
 * `${secret:NAME}`: the CLI's store (lena secrets set), then the environment variable NAME. Tokens
 * of sign-ins: oauth.json and the CLI's secret store; only `host` (login) may open a browser.
 */
async function service(
  ctx: CliContext,
  host: SignInHost = { interactive: false, open: async () => undefined },
): Promise<AgentsService> {
  const { CliSecretProvider } = await import('./user-secrets');
  const secrets = await CliSecretProvider.open(ctx.paths);
  const tokens = await cliSecrets(ctx.paths);
  if (tokens.warning && host.interactive) ctx.out.warn(tokens.warning);
  const auth = new AgentAuth({
    store: new FileAuthStore(ctx.paths.oauth, tokens.port, tokens.store),
    host,
    log: (level, message) => {
      if (level === 'warn') ctx.out.warn(message);
    },
  });
  return new AgentsService({ file: ctx.paths.agents, secrets, auth });
}

function signInLine(v: AgentView): string | null {
  if (!v.signIn) return null;
  if (!v.signIn.signedIn) return `sign-in: OAuth, not signed in (lena agents login ${v.name})`;
  const who = v.signIn.account ? ` as ${v.signIn.account}` : '';
  const scopes = v.signIn.scopes?.length ? ` (scopes: ${v.signIn.scopes.join(' ')})` : '';
  return `sign-in: signed in${who}${scopes}`;
}

const stateLine = (v: AgentView) => `${v.state}${v.reason ? `: ${v.reason}` : ''}`;

function printCard(ctx: CliContext, v: AgentView): void {
  ctx.out.info(`${v.name}  (${stateLine(v)})`);
  ctx.out.info(indent(`url: ${v.url}`));
  if (v.headers.length) ctx.out.info(indent(`headers: ${v.headers.join(', ')}`));
  const c = v.card;
  if (!c) return;
  ctx.out.info(
    indent(
      `card: ${c.name}${c.version ? ` ${c.version}` : ''}${c.provider ? ` by ${c.provider}` : ''}`,
    ),
  );
  if (c.description) ctx.out.info(indent(`description: ${c.description}`));
  ctx.out.info(indent(`protocol: A2A ${c.protocolVersion} over ${c.binding} at ${c.endpoint}`));
  ctx.out.info(
    indent(
      `capabilities: streaming ${c.streaming ? 'yes' : 'no'}, push notifications ${c.pushNotifications ? 'yes' : 'no'}`,
    ),
  );
  if (c.inputModes.length) ctx.out.info(indent(`input: ${c.inputModes.join(', ')}`));
  if (c.outputModes.length) ctx.out.info(indent(`output: ${c.outputModes.join(', ')}`));
  ctx.out.info(indent(`authentication: ${c.authentication.join('; ') || 'none declared'}`));
  const signIn = signInLine(v);
  if (signIn) ctx.out.info(indent(signIn));
  ctx.out.info(indent(`skills: ${c.skills.length ? '' : '(none)'}`));
  for (const s of c.skills)
    ctx.out.info(indent(indent(`${s.name}${s.description ? `: ${s.description}` : ''}`)));
  ctx.out.info(indent(`tool for Claude: a2a__${v.name}`));
}

registerCommand({
  path: ['agents', 'add'],
  summary: 'add an A2A agent by its base URL (its Agent Card is fetched and shown)',
  usage: ['agents add NAME URL [-H "Name: value"]… [--client-id ID] [--json]'],
  description:
    "Writes the agent to agents.json in Lena's home and fetches its Agent Card from\n" +
    'URL/.well-known/agent-card.json. NAME is 1-48 lowercase letters, digits and dashes; Claude sees\n' +
    'the agent as the tool a2a__NAME. URL and header values may use ${VAR} and ${secret:NAME},\n' +
    'expanded when used (never stored expanded). The entry is kept even when the card cannot be\n' +
    'fetched yet: the status says why. Where the card declares an OAuth sign-in and its authorization\n' +
    'server does not let Lena register itself, --client-id gives the client id registered for Lena.',
  examples: [
    'lena agents add research https://agents.example.com/research',
    'lena agents add files https://files.example.com --client-id lena-desktop',
    'lena agents add analytics https://a.example.com -H "Authorization: Bearer ${secret:ANALYTICS_TOKEN}"',
  ],
  flags: [
    {
      name: '--header',
      alias: '-H',
      value: '"Name: value"',
      repeat: true,
      help: 'an HTTP header sent with every request to the agent',
    },
    {
      name: '--client-id',
      value: 'ID',
      help: "the OAuth client id registered for Lena at the agent's authorization server",
    },
  ],
  positionals: [{ name: 'NAME' }, { name: 'URL' }],
  async run(ctx, args) {
    const [name, url] = args.positionals;
    const headers = headerValues(flags(args, '--header'));
    const clientId = flag(args, '--client-id');
    const agents = await service(ctx);
    const view = await agents.add(name, {
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(clientId ? { oauth: { clientId } } : {}),
    });
    if (ctx.out.json) {
      ctx.out.result({ agent: view });
      return 0;
    }
    ctx.out.info(`Added agent ${name} to ${ctx.paths.agents}.`);
    printCard(ctx, view);
    if (view.signIn && !view.signIn.signedIn)
      ctx.out.info(
        `Its card declares an OAuth sign-in: run lena agents login ${name} (or sign in when Lena asks).`,
      );
    if (view.state !== 'ready')
      ctx.out.warn(
        `lena: the agent was added, but it is ${view.state}: ${view.reason}. Fix it, then check with lena agents show ${name}.`,
      );
    return 0;
  },
});

registerCommand({
  path: ['agents', 'list'],
  summary: 'the A2A agents and whether each is ready (cards are fetched)',
  usage: ['agents list [--json]'],
  description:
    "Reads agents.json in Lena's home and fetches each agent's card. States: ready, disabled,\n" +
    'skipped (an unset ${VAR} or secret), unreachable (the card could not be fetched), invalid-card,\n' +
    'needs-sign-in (the card itself is behind a sign-in: a token header is needed).',
  examples: ['lena agents list', "lena agents list --json | jq -r '.agents[].name'"],
  flags: [],
  positionals: [],
  async run(ctx) {
    const views = await (await service(ctx)).list({ fresh: true });
    if (ctx.out.json) {
      ctx.out.result({ agents: views });
      return 0;
    }
    for (const v of views) {
      ctx.out.info(`${v.name}  (${stateLine(v)})`);
      ctx.out.info(indent(v.card ? `${v.card.name}: ${v.url}` : v.url));
    }
    ctx.out.info(
      views.length
        ? plural(views.length, 'agent')
        : 'No agents. Add one with lena agents add NAME URL.',
    );
    return 0;
  },
});

registerCommand({
  path: ['agents', 'show'],
  summary: "one agent: its card's name, skills, capabilities, authentication and version",
  usage: ['agents show NAME [--json]'],
  description: "Fetches the agent's card afresh and prints what it says.",
  examples: ['lena agents show research'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const view = await (await service(ctx)).show(args.positionals[0]);
    if (ctx.out.json) ctx.out.result({ agent: view });
    else printCard(ctx, view);
    return 0;
  },
});

registerCommand({
  path: ['agents', 'remove'],
  summary: 'remove an agent from agents.json',
  usage: ['agents remove NAME [--json]'],
  description:
    'Removes the entry; Claude no longer sees its tool. Its sign-in is forgotten (revoked where the\n' +
    'authorization server allows).',
  examples: ['lena agents remove research'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const name = args.positionals[0];
    await (await service(ctx)).remove(name);
    if (ctx.out.json) ctx.out.result({ removed: name });
    else ctx.out.info(`Removed agent ${name}.`);
    return 0;
  },
});

registerCommand({
  path: ['agents', 'login'],
  summary: "sign in to an agent (its card's OAuth, or the one its card is behind)",
  usage: ['agents login NAME [--no-browser] [--json]'],
  description:
    "Runs the OAuth sign-in the agent's card declares (an authorization-code flow, or OpenID\n" +
    'Connect), or, for a card itself behind a sign-in whose 401 names its resource metadata\n' +
    '(RFC 9728), the one that metadata names, found as for MCP servers. The authorization page\n' +
    'opens in a browser (or its URL is printed with --no-browser),\n' +
    'and Lena waits for the loopback redirect, or for the address the browser ended on pasted on\n' +
    "stdin. Lena registers itself where the agent's authorization server allows, else uses the\n" +
    "entry's client id (lena agents add … --client-id ID). Tokens go where lena mcp login keeps\n" +
    'them (the OS keychain, else a 0600 file), never into agents.json; they are refreshed before use.',
  examples: ['lena agents login files', 'lena agents login files --no-browser'],
  flags: [{ name: '--no-browser', help: 'do not launch a browser; print the URL to open instead' }],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const name = args.positionals[0];
    const agents = await service(
      ctx,
      browserSignInHost(ctx, `agent ${name}`, args.bools.has('--no-browser')),
    );
    try {
      const state = await agents.signIn(name);
      if (ctx.out.json) ctx.out.result({ agent: name, ...state });
      else
        ctx.out.info(
          `Signed in to agent ${name}${state.account ? ` as ${state.account}` : ''}${state.scopes ? ` (scopes: ${state.scopes.join(' ')})` : ''}.`,
        );
      return 0;
    } catch (err) {
      const hint = (err as { hint?: string }).hint;
      ctx.out.warn(
        `Sign-in to agent ${name} failed: ${(err as Error).message}${hint ? `\n${hint}` : ''}`,
      );
      return 1;
    }
  },
});

registerCommand({
  path: ['agents', 'logout'],
  summary: "forget an agent's sign-in (revoking its tokens where possible)",
  usage: ['agents logout NAME [--json]'],
  description:
    "Revokes the agent's tokens where its authorization server offers revocation, and forgets them.",
  examples: ['lena agents logout files'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const name = args.positionals[0];
    const { signedOut, revoked } = await (await service(ctx)).signOut(name);
    if (ctx.out.json) ctx.out.result({ agent: name, signedOut, revoked });
    else if (!signedOut) ctx.out.info(`Agent ${name} was not signed in from the command line.`);
    else
      ctx.out.info(
        `Signed out of agent ${name}${revoked ? ' (the tokens were revoked)' : ' (the tokens were forgotten here)'}.`,
      );
    return 0;
  },
});
