// `lena mcp add`, `remove` and `import-claude-desktop`: edits of a configuration file, each under
// the file's lock (core/base/locked-file), so concurrent edits from the window and other `lena`
// processes all land. Nothing is started.
import { redactEntry } from '../../core/base/credentials';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ServerEntry } from '../../../shared/server-config';
import { validateServerEntry } from '../../../shared/config/server-entry-schema';
import { importClaudeDesktop } from '../../core/mcp/config/claude-desktop';
import { findProjectConfig, PROJECT_CONFIG_NAME } from '../../core/mcp/config/scopes';
import { readConfigFile } from '../../core/mcp/config/parse';
import { addServer, removeServer } from '../../core/mcp/config/write';
import {
  flag,
  flags,
  headerValues,
  keyValues,
  secondsFlag,
  type FlagSpec,
  type ParsedArgs,
} from '../args';
import { registerCommand } from '../commands';
import type { CliContext } from '../context';
import { configError } from '../config-check';
import { UsageError } from '../errors';
import { LenaError } from '../../../shared/result';
import { hasOAuthFlags, OAUTH_FLAGS, oauthFrom } from './oauth-flags';
import { projectEntryRefusal } from '../../core/mcp/config/project-entry-policy';

const SCOPE_FLAG: FlagSpec = {
  name: '--scope',
  value: 'user|project',
  help: "user: Lena's mcp.json (default); project: the .mcp.json of --project DIR (or of this folder)",
};

/** The file an edit goes to: --config FILE, the project's .mcp.json, or Lena's mcp.json. */
async function targetFile(ctx: CliContext, args: ParsedArgs): Promise<string> {
  const scope = flag(args, '--scope');
  if (scope !== undefined && scope !== 'user' && scope !== 'project')
    throw new UsageError(`--scope must be user or project, not "${scope}"`);
  if (ctx.configFile) {
    if (scope) throw new UsageError('give either --config FILE or --scope, not both');
    const dir = dirname(ctx.configFile);
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new UsageError(
        `--config ${ctx.configFile}: the folder ${dir} does not exist; create it first or choose another path`,
      );
    return checkTarget(ctx.configFile);
  }
  if (scope === 'project') {
    const dir = ctx.projectDir ?? resolve('.');
    return checkTarget((await findProjectConfig(dir)) ?? join(dir, PROJECT_CONFIG_NAME));
  }
  return checkTarget(ctx.paths.mcpConfig);
}

/**
 * The target must be a usable configuration file (or not exist yet): else exit 3 with its position.
 * A file in VS Code's shape (`"servers"`, no `"mcpServers"`) is refused too: an edit would add a
 * second block beside the servers the user meant.
 */
async function checkTarget(file: string): Promise<string> {
  const read = await readConfigFile(file);
  if (read.state === 'missing') return file;
  const otherShape =
    read.state === 'parsed' && read.ok
      ? read.errors.filter((e) => e.field === 'servers' && e.server === undefined)
      : [];
  if (read.state === 'parsed' && read.ok && otherShape.length === 0) return file;
  throw configError(otherShape.length ? otherShape : read.errors, ' Nothing was changed.');
}

/** An http(s) URL (a `${VAR}` inside is fine: it is expanded at start). */
function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\$\{[^}]*\}/g, 'x'));
  } catch {
    throw new UsageError(
      `"${url}" is not a URL; give the server's address, like https://example.com/mcp`,
      'invalid-url',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(
      `"${url}" must be an http:// or https:// URL (got ${parsed.protocol})`,
      'invalid-url',
    );
}

function entryFrom(args: ParsedArgs): ServerEntry {
  const transport = flag(args, '--transport');
  const [, url] = args.positionals;
  const timeouts = {
    timeout: secondsFlag(args, '--timeout'),
    startupTimeout: secondsFlag(args, '--startup-timeout'),
  };
  const limits = Object.fromEntries(Object.entries(timeouts).filter(([, v]) => v !== undefined));
  if (transport || url !== undefined) {
    if (!transport && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
      throw new UsageError(
        `put the server's command after "--": lena mcp add ${args.positionals[0]} -- ${url}`,
      );
    if (!transport)
      throw new UsageError(
        `give --transport http or sse for a remote server (got the URL "${url}"), or the command after "--"`,
      );
    if (transport !== 'http' && transport !== 'sse')
      throw new UsageError(`--transport must be http or sse, not "${transport}"`);
    if (!url)
      throw new UsageError(
        `give the URL: lena mcp add --transport ${transport} NAME URL`,
        'missing-argument',
      );
    if (args.rest.length) throw new UsageError('a remote server takes no command after "--"');
    if (flags(args, '--env').length)
      throw new UsageError(
        '-e sets a local server\'s environment; a remote server takes headers (-H "Name: value")',
      );
    if (args.bools.has('--sandbox') || args.bools.has('--no-sandbox'))
      throw new UsageError(
        'the sandbox is for a local server (a command after "--"); a remote server runs elsewhere',
      );
    checkUrl(url);
    const headers = headerValues(flags(args, '--header'));
    const oauth = oauthFrom(args);
    return {
      type: transport,
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...limits,
      ...(oauth ? { oauth } : {}),
    };
  }
  const [command, ...rest] = args.rest;
  if (!command)
    throw new UsageError(
      'give the server command after "--", e.g. lena mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes',
      'missing-argument',
    );
  if (flags(args, '--header').length)
    throw new UsageError(
      "-H sets a remote server's headers; a local server takes environment variables (-e KEY=VALUE)",
    );
  if (hasOAuthFlags(args))
    throw new UsageError(
      'the sign-in flags (--grant, --client-id, …) are for a remote server (--transport http NAME URL); a local server does not sign in',
    );
  const env = keyValues(flags(args, '--env'), 'environment variable');
  if (args.bools.has('--sandbox') && args.bools.has('--no-sandbox'))
    throw new UsageError('give --sandbox or --no-sandbox, not both');
  const sandbox = args.bools.has('--sandbox')
    ? { sandbox: true }
    : args.bools.has('--no-sandbox')
      ? { sandbox: false }
      : {};
  return {
    command,
    ...(rest.length ? { args: rest } : {}),
    ...(Object.keys(env).length ? { env } : {}),
    ...sandbox,
    ...limits,
  };
}

registerCommand({
  path: ['mcp', 'add'],
  summary: 'add a server to a configuration file (nothing starts)',
  usage: [
    'mcp add NAME [-e KEY=VALUE]… [--sandbox | --no-sandbox] [--timeout S] [--startup-timeout S] [--scope user|project] -- COMMAND [ARGS…]',
    'mcp add --transport http|sse NAME URL [-H "Header: value"]… [--timeout S] [--scope user|project] [sign-in flags]',
  ],
  description:
    "Writes the entry to Lena's mcp.json, the project's .mcp.json (--scope project), or --config FILE.\nValues may reference ${VAR} and ${secret:NAME}; they are expanded when the server starts.",
  examples: [
    'lena mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes',
    'lena mcp add --sandbox notes -- npx -y @modelcontextprotocol/server-filesystem .',
    "lena mcp add gh -e GITHUB_TOKEN='${GITHUB_TOKEN}' --startup-timeout 300 -- npx -y @modelcontextprotocol/server-github",
    'lena mcp add --transport http docs https://example.com/mcp -H "Authorization: Bearer ${DOCS_TOKEN}"',
    "lena mcp add --transport http builds https://ci.example.com/mcp --grant client_credentials --client-id bot --client-secret '${secret:BUILDS_SECRET}' --dpop on",
  ],
  flags: [
    {
      name: '--transport',
      value: 'http|sse',
      help: 'a remote server at URL (without it: a local command after "--")',
    },
    {
      name: '--env',
      alias: '-e',
      value: 'KEY=VALUE',
      repeat: true,
      help: 'an environment variable of a local server (the server gets only these plus the base set; see lena help)',
    },
    {
      name: '--sandbox',
      help: 'run the local server in the default sandbox: writes only to its folder, no network, no keys ("sandbox": true)',
    },
    {
      name: '--no-sandbox',
      help: 'run it without the sandbox ("sandbox": false; a project server is sandboxed unless its entry says so)',
    },
    {
      name: '--header',
      alias: '-H',
      value: '"Name: value"',
      repeat: true,
      help: 'an HTTP header of a remote server',
    },
    {
      name: '--timeout',
      value: 'SECONDS',
      help: 'the entry\'s "timeout": seconds per request (default 60)',
    },
    {
      name: '--startup-timeout',
      value: 'SECONDS',
      help: 'the entry\'s "startupTimeout": seconds for the whole start (default 120; raise it for a slow first npx install)',
    },
    SCOPE_FLAG,
    ...OAUTH_FLAGS,
  ],
  positionals: [{ name: 'NAME' }, { name: 'URL', optional: true }],
  rest: true,
  configFlags: true,
  async run(ctx, args) {
    const [name] = args.positionals;
    const entry = entryFrom(args);
    const file = await targetFile(ctx, args);
    const check = validateServerEntry(file, name, entry);
    if (!check.ok)
      throw new UsageError(check.issues.map((i) => i.message).join('\n'), 'invalid-entry');
    // Written to a project, such an entry would never start: say so before writing it.
    const refusal =
      flag(args, '--scope') === 'project' ? projectEntryRefusal(check.entry) : undefined;
    if (refusal)
      throw new UsageError(`"${name}" was not added to ${file}: it ${refusal}.`, 'invalid-entry');
    await addServer(file, name, check.entry);
    if (ctx.out.json) ctx.out.result({ added: name, file, entry: redactEntry(check.entry) });
    else
      ctx.out.info(
        `Added "${name}" to ${file}. Check it with: lena mcp doctor${file.endsWith(PROJECT_CONFIG_NAME) ? ` --project ${dirname(file)} (a project server starts once approved)` : ''}`,
      );
    return 0;
  },
});

/**
 * `lena mcp remove NAME` of a server that is not in Lena's mcp.json but in this folder's
 * .mcp.json: the same error, pointing at --scope project.
 */
async function projectHint(
  ctx: CliContext,
  args: ParsedArgs,
  name: string,
  err: unknown,
): Promise<LenaError | undefined> {
  if (ctx.configFile || flag(args, '--scope') || !(err instanceof LenaError)) return undefined;
  if (err.code !== 'not-found') return undefined;
  const dir = ctx.projectDir ?? resolve('.');
  const project = await findProjectConfig(dir);
  if (!project) return undefined;
  const read = await readConfigFile(project);
  if (read.state !== 'parsed' || !read.ok || !read.config.servers.some((s) => s.name === name))
    return undefined;
  return new LenaError(
    err.code,
    `${err.message} "${name}" is a project server of ${project}: remove it with lena mcp remove ${name} --scope project${ctx.projectDir ? ` --project ${ctx.projectDir}` : ''}`,
  );
}

registerCommand({
  path: ['mcp', 'remove'],
  summary: 'remove a server from a configuration file',
  usage: ['mcp remove NAME [--scope user|project | --config FILE]'],
  examples: ['lena mcp remove fs', 'lena mcp remove db --scope project --project ~/code/app'],
  flags: [SCOPE_FLAG],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  async run(ctx, args) {
    const [name] = args.positionals;
    const file = await targetFile(ctx, args);
    try {
      await removeServer(file, name);
    } catch (err) {
      throw (await projectHint(ctx, args, name, err)) ?? err;
    }
    if (ctx.out.json) ctx.out.result({ removed: name, file });
    else ctx.out.info(`Removed "${name}" from ${file}.`);
    return 0;
  },
});

registerCommand({
  path: ['mcp', 'import-claude-desktop'],
  summary: "copy Claude Desktop's servers into Lena's mcp.json",
  usage: ['mcp import-claude-desktop [--from FILE] [--config FILE] [--json]'],
  description:
    "Reads Claude Desktop's claude_desktop_config.json (or --from FILE) and adds each of its servers\nwhose name Lena does not have yet; existing servers are never overwritten. --config names the\nfile written to, not the one read.",
  examples: [
    'lena mcp import-claude-desktop',
    'lena mcp import-claude-desktop --from ~/backup/claude_desktop_config.json',
    'lena mcp import-claude-desktop --config ./servers.json',
  ],
  flags: [
    {
      name: '--from',
      value: 'FILE',
      help: "read this Claude Desktop configuration instead of the one in Claude Desktop's folder",
    },
  ],
  positionals: [],
  configFlags: true,
  async run(ctx, args) {
    const from = flag(args, '--from');
    const report = await importClaudeDesktop(
      await targetFile(ctx, args),
      from ? { source: resolve(from) } : {},
    );
    if (ctx.out.json) ctx.out.result(report);
    else {
      ctx.out.info(
        `From ${report.source}: added ${report.added.length ? report.added.join(', ') : 'nothing'}.`,
      );
      for (const s of report.skipped) ctx.out.info(`  skipped ${s.name}: ${s.reason}`);
      for (const s of report.invalid) ctx.out.warn(`  invalid ${s.name}: ${s.reason}`);
    }
    return report.invalid.length ? 1 : 0;
  },
});
