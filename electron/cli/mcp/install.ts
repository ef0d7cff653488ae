// `lena mcp install NAME[@VERSION]` and `lena mcp install ./server.json`: a registry server (or a
// server.json file) becomes an entry of mcp.json through core/install's mapping. The values it
// needs come from -e, -H and --arg, else are asked in a terminal; the command line is shown before
// anything is saved (--yes accepts it). Secret values go to the CLI's secret store and the entry
// holds `${secret:NAME}`; nothing is run, through a shell or otherwise, and the server starts
// untrusted, like any new one.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { validateServerEntry } from '../../../shared/config/server-entry-schema';
import type { FieldValues, InstallField } from '../../core/install/fields';
import { buildEntry, installOptions, type InstallOption } from '../../core/install/map-entry';
import { missingRunner } from '../../core/install/runners';
import { parseServerJson, type RegistryServer } from '../../core/install/server-json';
import { readConfigFile } from '../../core/mcp/config/parse';
import { addServer } from '../../core/mcp/config/write';
import { flag, flags, headerValues, keyValues, type ParsedArgs } from '../args';
import { registerCommand } from '../commands';
import type { CliContext } from '../context';
import { UsageError } from '../errors';
import { downloadBundle } from '../../core/install/bundle/download';
import { installBundleRun } from './install-bundle';
import { terminalText } from '../output';
import { CliSecretProvider, WINDOW_SECRETS_NOTE } from '../user-secrets';
import { nameAndVersion, optionLines, REGISTRY_FLAG, registryClient, statusText } from './registry';

/** A bundle file (.mcpb, or .dxt, its old name). */
const isBundleFile = (spec: string) => /\.(mcpb|dxt)$/i.test(spec);

async function readBundleFile(spec: string): Promise<Buffer> {
  try {
    return await readFile(spec);
  } catch (err) {
    throw new UsageError(`${spec}: ${(err as Error).message}`);
  }
}

/** A file path (./x.json, /x.json, x.json that exists) rather than a registry name. */
function isFile(spec: string): boolean {
  return spec.endsWith('.json') && (spec.includes('/') || spec.includes('\\') || existsSync(spec));
}

async function source(ctx: CliContext, args: ParsedArgs, spec: string): Promise<RegistryServer> {
  if (isFile(spec)) {
    let text: string;
    try {
      text = readFileSync(spec, 'utf8');
    } catch (err) {
      throw new UsageError(`${spec}: ${(err as Error).message}`);
    }
    const parsed = parseServerJson(text);
    if (!parsed.ok) throw new UsageError(`${spec} is not a server.json: ${parsed.reason}`);
    return { server: parsed.server, status: 'active' };
  }
  const { name, version } = nameAndVersion(spec);
  return (await registryClient(ctx, args)).get(name, version);
}

function chooseOption(options: InstallOption[], use: string | undefined): InstallOption {
  if (options.length === 0)
    throw new UsageError('this server has no package and no remote: there is nothing to install');
  if (use) {
    const found = options.find((o) => o.id === use || o.kind === use);
    if (!found)
      throw new UsageError(
        `--use ${use}: this server offers ${options.map((o) => `${o.id} (${o.kind})`).join(', ')}`,
      );
    if (found.unsupported) throw new UsageError(`${found.label}: ${found.unsupported}`);
    return found;
  }
  const usable = options.find((o) => !o.unsupported);
  if (!usable)
    throw new UsageError(
      `nothing here can be installed by Lena yet:\n${options.map((o) => `  ${o.label}: ${o.unsupported}`).join('\n')}`,
    );
  return usable;
}

/** -e, -H and --arg as values of the option's fields; a value no field takes is an error. */
function valuesFromFlags(option: InstallOption, args: ParsedArgs): FieldValues {
  const values: FieldValues = {};
  const put = (field: InstallField, value: string) => {
    const had = values[field.key];
    values[field.key] = field.repeated
      ? [...(Array.isArray(had) ? had : had ? [had] : []), value]
      : value;
  };
  const find = (keys: string[], what: string) => {
    const field = option.fields.find((f) => keys.includes(f.key));
    if (!field)
      throw new UsageError(
        `${what} is not a value of ${option.label}; it takes:\n${optionLines(option).slice(1).join('\n') || '  nothing'}`,
      );
    return field;
  };
  for (const [k, v] of Object.entries(keyValues(flags(args, '--env'), 'environment variable')))
    put(find([`env:${k}`], `-e ${k}`), v);
  for (const [k, v] of Object.entries(headerValues(flags(args, '--header'))))
    put(find([`header:${k}`], `-H "${k}: …"`), v);
  for (const pair of flags(args, '--arg')) {
    const i = pair.indexOf('=');
    if (i <= 0) throw new UsageError(`--arg "${pair}" must look like NAME=VALUE`);
    const k = pair.slice(0, i);
    put(find([`arg:${k}`, `arg:--${k}`, `var:${k}`], `--arg ${k}`), pair.slice(i + 1));
  }
  return values;
}

/**
 * One readline over the terminal for the whole install (a second one would lose what the first
 * had buffered); a secret's answer is not echoed. Made at the first question, closed at the end.
 */
let terminal: { ask(prompt: string, secret?: boolean): Promise<string>; close(): void } | undefined;

function openTerminal(): NonNullable<typeof terminal> {
  if (terminal) return terminal;
  let muted = false;
  const output = new Writable({
    write(chunk, _e, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  terminal = {
    async ask(prompt, secret = false) {
      process.stderr.write(terminalText(prompt));
      muted = secret;
      try {
        return (await rl.question('')).trim();
      } finally {
        muted = false;
        if (secret) process.stderr.write('\n');
      }
    },
    close: () => rl.close(),
  };
  return terminal;
}

/** Asks for each required value not given (a secret without echo). */
async function ask(fields: InstallField[], values: FieldValues): Promise<void> {
  for (const f of fields) {
    const hint = f.choices
      ? ` (${f.choices.join(', ')})`
      : f.format === 'filepath'
        ? ' (a path)'
        : f.repeated
          ? ' (several: separate with commas)'
          : '';
    const answer = await openTerminal().ask(
      `${f.name}${hint}${f.description ? ` — ${f.description}` : ''}${f.secret ? ' [secret, not shown]' : ''}: `,
      f.secret,
    );
    if (answer) values[f.key] = f.repeated ? answer.split(',').map((a) => a.trim()) : answer;
  }
}

async function confirm(question: string): Promise<boolean> {
  return /^y(es)?$/i.test(await openTerminal().ask(question));
}

registerCommand({
  path: ['mcp', 'install'],
  summary: 'install a server from the MCP Registry, a server.json or an MCP bundle (.mcpb)',
  usage: [
    'mcp install FILE.mcpb [--set KEY=VALUE]… [--trust-signer FINGERPRINT] [--name NAME] [--yes]',
    'mcp install NAME[@VERSION] [--use ID|npm|pypi|oci|nuget|remote] [-e KEY=VALUE]… [-H "Name: value"]… [--arg NAME=VALUE]… [--name NAME] [--sandbox] [--yes] [--registry URL] [--config FILE]',
    'mcp install ./server.json [same flags]',
  ],
  description:
    "Maps the server's package (npm → npx, pypi → uvx, oci → docker, nuget → dnx) or remote to an\nentry, shows its command line, and saves it once you say yes (--yes: without asking). Values it\nneeds come from -e (environment), -H (headers) and --arg (arguments and {variables}); those not\ngiven are asked in a terminal. Secret values go to the CLI's secret store (see lena secrets) and\nthe entry says ${secret:NAME}. Nothing runs now; the server starts untrusted, like any new one.",
  examples: [
    'lena mcp install io.github.modelcontextprotocol/server-memory',
    'lena mcp install com.example/weather@1.2.0 -e WEATHER_API_KEY=… --yes',
    'lena mcp install com.example/tenant --use remote --arg tenant=acme',
    'lena mcp install ./server.json --sandbox',
    'lena mcp install weather.mcpb --set api_key=… --set roots=~/notes --yes',
  ],
  flags: [
    {
      name: '--use',
      value: 'ID',
      help: 'which package or remote (as `lena mcp show` lists them; default the first Lena can run)',
    },
    {
      name: '--env',
      alias: '-e',
      value: 'KEY=VALUE',
      repeat: true,
      help: 'an environment variable the server asks for',
    },
    {
      name: '--header',
      alias: '-H',
      value: '"Name: value"',
      repeat: true,
      help: 'an HTTP header a remote asks for',
    },
    {
      name: '--arg',
      value: 'NAME=VALUE',
      repeat: true,
      help: 'an argument (--port=8080 or port=8080, a positional by its hint) or a {variable}',
    },
    {
      name: '--name',
      value: 'NAME',
      help: "the server's name in mcp.json (default: the last part of its registry name)",
    },
    {
      name: '--set',
      value: 'KEY=VALUE',
      repeat: true,
      help: "a bundle's setting (its manifest's user_config); repeat for one that takes several",
    },
    {
      name: '--trust-signer',
      value: 'FINGERPRINT',
      help: 'install a bundle signed by this certificate (SHA-256) though the system does not trust it',
    },
    { name: '--sandbox', help: 'run the local server in the sandbox ("sandbox": true)' },
    { name: '--yes', help: 'save the shown entry without asking' },
    REGISTRY_FLAG,
  ],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  async run(ctx, args) {
    try {
      const spec = args.positionals[0];
      if (isBundleFile(spec))
        return await installBundleRun(ctx, args, await readBundleFile(spec), confirm);
      return await installRun(ctx, args);
    } finally {
      terminal?.close();
      terminal = undefined;
    }
  },
});

// Long: the install is one sequence of checks the user reads top to bottom.
async function installRun(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const found = await source(ctx, args, args.positionals[0]);
  const server = found.server;
  const option = chooseOption(installOptions(server), flag(args, '--use'));
  if (option.kind === 'mcpb') {
    const pkg = server.packages![Number(option.id.split(':')[1])];
    if (!ctx.out.json) ctx.out.info(`Downloading ${pkg.identifier}…`);
    const file = await downloadBundle(pkg.identifier, pkg.fileSha256);
    return installBundleRun(ctx, args, file, confirm);
  }
  const values = valuesFromFlags(option, args);
  const tty = process.stdin.isTTY === true;
  let built = buildEntry(server, option.id, values);
  if (built.missing.length && tty && !ctx.out.json) {
    await ask(built.missing, values);
    built = buildEntry(server, option.id, values);
  }
  if (built.missing.length)
    throw new UsageError(
      `${server.name} needs ${built.missing.map((f) => (f.target === 'env' ? `-e ${f.name}=…` : f.target === 'header' ? `-H "${f.name}: …"` : `--arg ${f.name}=…`)).join(', ')}`,
      'missing-argument',
    );
  const entry = { ...built.entry };
  if (args.bools.has('--sandbox')) {
    if (option.transport !== 'stdio')
      throw new UsageError('the sandbox is for a local server; a remote runs elsewhere');
    entry.sandbox = true;
  }
  const name = flag(args, '--name') ?? server.name.split('/').pop()!;
  const file = ctx.configFile ?? ctx.paths.mcpConfig;
  const check = validateServerEntry(file, name, entry);
  if (!check.ok)
    throw new UsageError(check.issues.map((i) => i.message).join('\n'), 'invalid-entry');
  const read = await readConfigFile(file);
  if (read.state === 'parsed' && read.ok && read.config.servers.some((s) => s.name === name))
    throw new UsageError(
      `"${name}" is already in ${file}; choose another with --name NAME`,
      'conflict',
    );
  const notes = [
    ...(found.status === 'deprecated' ? [`${server.name} is ${statusText(found)}`] : []),
    ...(missingRunner(option) ? [missingRunner(option)!] : []),
    ...(built.secrets.length
      ? [
          `Secrets go to the CLI's secret store: ${built.secrets.map((s) => s.name).join(', ')}. ${WINDOW_SECRETS_NOTE}`,
        ]
      : []),
    'It starts untrusted: its tools ask before they run until you trust it.',
  ];
  if (!ctx.out.json) {
    ctx.out.info(`${name} (${server.name} ${server.version ?? ''}, ${option.label}) runs:`);
    ctx.out.info(`  ${built.commandLine}${entry.sandbox ? '  (in the sandbox)' : ''}`);
    for (const n of notes) ctx.out.info(`  ${n}`);
  }
  if (!args.bools.has('--yes')) {
    if (!tty || ctx.out.json)
      throw new UsageError('nothing was saved: give --yes to save this entry without a prompt');
    if (!(await confirm(`Save it to ${file}? [y/N] `))) {
      ctx.out.info('Nothing was saved.');
      return 1;
    }
  }
  if (built.secrets.length) {
    const secrets = await CliSecretProvider.open(ctx.paths);
    if (secrets.warning) ctx.out.warn(`lena: ${secrets.warning}`);
    for (const s of built.secrets) await secrets.set(s.name, s.value);
  }
  await addServer(file, name, check.entry);
  const after = server.postInstallInstructions;
  if (ctx.out.json)
    ctx.out.result({
      installed: name,
      file,
      entry: check.entry,
      commandLine: built.commandLine,
      secrets: built.secrets.map((s) => s.name),
      notes,
      ...(after ? { postInstallInstructions: after } : {}),
    });
  else {
    ctx.out.info(`Added "${name}" to ${file}. Check it with: lena mcp doctor`);
    if (after) ctx.out.info(`The publisher's instructions (Lena runs none of it):\n  ${after}`);
  }
  return 0;
}
