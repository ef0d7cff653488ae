// `lena agents add NAME URL [-H ..]`, `list`, `show NAME`, `remove NAME`: the A2A agents of
// agents.json in Lena's home, through the same agents service as the window and `lena chat`.
import type { AgentView } from '../../shared/a2a';
import { AgentsService } from '../core/agents/service';
import { flags, headerValues } from './args';
import { registerCommand } from './commands';
import type { CliContext } from './context';
import { indent, plural } from './output';

/** `${secret:NAME}`: the CLI's store (lena secrets set), then the environment variable NAME. */
async function service(ctx: CliContext): Promise<AgentsService> {
  const { CliSecretProvider } = await import('./user-secrets');
  const secrets = await CliSecretProvider.open(ctx.paths);
  return new AgentsService({ file: ctx.paths.agents, secrets });
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
  ctx.out.info(indent(`skills: ${c.skills.length ? '' : '(none)'}`));
  for (const s of c.skills)
    ctx.out.info(indent(indent(`${s.name}${s.description ? `: ${s.description}` : ''}`)));
  ctx.out.info(indent(`tool for Claude: a2a__${v.name}`));
}

registerCommand({
  path: ['agents', 'add'],
  summary: 'add an A2A agent by its base URL (its Agent Card is fetched and shown)',
  usage: ['agents add NAME URL [-H "Name: value"]… [--json]'],
  description:
    "Writes the agent to agents.json in Lena's home and fetches its Agent Card from\n" +
    'URL/.well-known/agent-card.json. NAME is 1-48 lowercase letters, digits and dashes; Claude sees\n' +
    'the agent as the tool a2a__NAME. URL and header values may use ${VAR} and ${secret:NAME},\n' +
    'expanded when used (never stored expanded). The entry is kept even when the card cannot be\n' +
    'fetched yet: the status says why.',
  examples: [
    'lena agents add research https://agents.example.com/research',
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
  ],
  positionals: [{ name: 'NAME' }, { name: 'URL' }],
  async run(ctx, args) {
    const [name, url] = args.positionals;
    const headers = headerValues(flags(args, '--header'));
    const agents = await service(ctx);
    const view = await agents.add(name, {
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
    });
    if (ctx.out.json) {
      ctx.out.result({ agent: view });
      return 0;
    }
    ctx.out.info(`Added agent ${name} to ${ctx.paths.agents}.`);
    printCard(ctx, view);
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
    'skipped (an unset ${VAR} or secret), unreachable (the card could not be fetched), invalid-card.',
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
  description: 'Removes the entry; Claude no longer sees its tool.',
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
