// `lena mcp login NAME` and `lena mcp logout NAME`: the window's OAuth sign-in from a terminal.
// The authorization URL is printed (and opened in a browser unless --no-browser, or when none can
// be launched); Lena receives the code on its loopback redirect, as the window does, or the user
// pastes the address the browser ended on (or the code it shows): a browser on another machine,
// or a redirect port that cannot listen here.
import { AuthRegistry } from '../core/mcp/auth/registry';
import { FileAuthStore } from '../core/mcp/auth/token-files';
import { expandEntry, type RemoteLaunch } from '../core/mcp/config/expand';
import { entryHash, serverKey } from '../core/mcp/config/identity';
import { moveNameKeyedRecords, signInRecords, userEntries } from '../core/host/identity-migration';
import { projectHold } from '../core/mcp/manager/approval-hold';
import type { ParsedArgs } from './args';
import { registerCommand } from './commands';
import { CliError, EXIT, UsageError } from './errors';
import { browserSignInHost } from './cli-auth';
import { cliSecrets } from './cli-secrets';
import type { CliContext } from './context';

async function setUp(ctx: CliContext, args: ParsedArgs, verb: 'login' | 'logout') {
  const [name] = args.positionals;
  if (!name) throw new UsageError(`usage: lena mcp ${verb} NAME [--no-browser]`);
  // ctx.config() reports a broken file with its position and exits non-zero.
  const config = await ctx.config();
  const server = config.servers.find((s) => s.name === name);
  if (!server?.entry)
    throw new UsageError(`There is no server named "${name}"; see lena mcp list.`);
  if (!server.entry.url)
    throw new UsageError(
      `"${name}" is a local server (command); only remote servers (url) sign in.`,
    );
  // A project entry signs in only as it would start: approved, with the references it was granted.
  let grants: string[] | undefined;
  if (server.scope === 'project') {
    const verdict = await projectHold(
      await ctx.approvals(),
      ctx.projectDir,
      name,
      server.entry,
      entryHash(server.entry),
    );
    if ('message' in verdict)
      throw new CliError(
        'needs-approval',
        `"${name}" is a project server you have not approved: nothing was sent. ${verdict.message}`,
        EXIT.failed,
        { server: name },
      );
    grants = verdict.grants;
  }
  const expanded = await expandEntry(server.entry, {
    env: process.env,
    secrets: undefined,
    ...(grants ? { grants } : {}),
  });
  if (!expanded.ok) {
    const code =
      expanded.reason === 'not-granted'
        ? 'needs-approval'
        : expanded.reason === 'invalid' || expanded.reason === 'api-key'
          ? 'invalid-config'
          : 'missing-reference';
    throw new CliError(
      code,
      `"${name}" cannot sign in: ${expanded.message}.`,
      code === 'invalid-config' ? EXIT.config : EXIT.failed,
      { server: name },
    );
  }
  const launch = expanded.launch as RemoteLaunch;
  const secrets = await cliSecrets(ctx.paths);
  const noBrowser = args.bools.has('--no-browser');
  const store = new FileAuthStore(ctx.paths.oauth, secrets.port, secrets.store);
  // A sign-in an earlier version kept by name and URL moves to the user server's identity first.
  const entries = await userEntries(ctx.sources);
  await moveNameKeyedRecords([await signInRecords(store, entries, { env: process.env })], entries);
  const registry = new AuthRegistry({
    store,
    host: browserSignInHost(ctx, name, noBrowser),
    log: (level, message) => {
      if (level === 'warn') ctx.out.warn(message);
    },
  });
  const provider = registry.forServer(name, launch, serverKey(name, server.entry, server));
  if (!provider)
    throw new UsageError(
      `"${name}" sets its own Authorization header (or credentials in its URL); there is nothing to sign in to.`,
    );
  return { name, registry, provider, secrets };
}

async function login(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { name, registry, secrets } = await setUp(ctx, args, 'login');
  if (secrets.warning) ctx.out.warn(secrets.warning);
  try {
    const state = await registry.signIn(name);
    if (ctx.out.json) ctx.out.result({ server: name, ...state, store: secrets.store });
    else
      ctx.out.info(
        `Signed in to ${name}${state.account ? ` as ${state.account}` : ''}${state.scopes ? ` (scopes: ${state.scopes.join(' ')})` : ''}.`,
      );
    return 0;
  } catch (err) {
    const hint = (err as { hint?: string }).hint;
    ctx.out.warn(`Sign-in to ${name} failed: ${(err as Error).message}${hint ? `\n${hint}` : ''}`);
    return 1;
  }
}

async function logout(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { name, registry, provider } = await setUp(ctx, args, 'logout');
  const was = await provider.state();
  const { revoked } = await registry.signOut(name);
  if (ctx.out.json) ctx.out.result({ server: name, signedOut: was.signedIn, revoked });
  else if (!was.signedIn) ctx.out.info(`${name} was not signed in from the command line.`);
  else
    ctx.out.info(
      `Signed out of ${name}${revoked ? ' (the tokens were revoked)' : ' (the server offers no revocation; the tokens were forgotten here)'}.`,
    );
  return 0;
}

registerCommand({
  path: ['mcp', 'login'],
  summary: 'sign in to a remote server (OAuth); prints the URL to open',
  usage: ['mcp login NAME [--no-browser] [--json]'],
  description:
    'Opens the authorization page in a browser (or prints its URL with --no-browser, or when none can be\n' +
    'launched) and waits for the loopback redirect, or for the address the browser ended on (or the code\n' +
    'it shows) pasted on stdin. Tokens go to the OS keychain, else a 0600 file in\n' +
    "Lena's home (with a warning); never into mcp.json or logs. A project's server (--project DIR) signs\n" +
    'in only once approved (lena mcp approve), with only the ${…} references you granted it.',
  examples: [
    'lena mcp login linear',
    'lena mcp login docs --no-browser',
    'lena mcp login tracker --project ~/code/app',
  ],
  flags: [{ name: '--no-browser', help: 'do not launch a browser; print the URL to open instead' }],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  run: login,
});

registerCommand({
  path: ['mcp', 'logout'],
  summary: 'sign out of a remote server (revokes the tokens where the server allows)',
  usage: ['mcp logout NAME [--json]'],
  description:
    "Forgets the server's tokens here, revoking them first where the server allows. A project's server\n(--project DIR) signs out only once approved, as it signs in.",
  examples: ['lena mcp logout linear'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  run: logout,
});
