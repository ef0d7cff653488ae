// `lena mcp install FILE.mcpb` (and a registry package of type mcpb, once downloaded and its
// SHA-256 checked): the bundle is opened and verified without writing anything, its sheet printed
// (signer and fingerprint, tools, prompts, privacy policies, settings), a reinstall's differences
// said, and only then, on --yes, the files unpacked, sensitive settings put in the secret store
// and the entry saved. `lena mcp uninstall NAME` removes the entry, the files and those secrets.
import type { BundlePreview, BundleValues } from '../../../shared/bundle-types';
import type { ServerEntry } from '../../../shared/server-config';
import { validateServerEntry } from '../../../shared/config/server-entry-schema';
import { openBundle, trustProblem } from '../../core/install/bundle/inspect';
import {
  bundleEntry,
  bundleSettings,
  installBundleFiles,
  serverNameFor,
  uninstallBundleFiles,
} from '../../core/install/bundle/install';
import { parseBundleRef } from '../../core/mcp/config/bundle-launch';
import { readConfigFile } from '../../core/mcp/config/parse';
import { addServer, removeServer, updateServer } from '../../core/mcp/config/write';
import { flag, flags, type ParsedArgs } from '../args';
import { registerCommand } from '../commands';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { CliSecretProvider, WINDOW_SECRETS_NOTE } from '../user-secrets';

/** `--set KEY=VALUE`, repeated for a setting that takes several values. */
function setValues(args: ParsedArgs): BundleValues {
  const values: Record<string, string[]> = {};
  for (const pair of flags(args, '--set')) {
    const i = pair.indexOf('=');
    if (i <= 0) throw new UsageError(`--set "${pair}" must look like KEY=VALUE`);
    (values[pair.slice(0, i)] ??= []).push(pair.slice(i + 1));
  }
  return values;
}

/** The sheet, as lines: what the bundle is, who signed it, what it declares and asks for. */
export function sheetLines(p: BundlePreview): string[] {
  const sig = p.signature;
  const lines = [
    `${p.displayName} ${p.version} by ${p.author} (${p.serverType} bundle ${p.name})`,
    `  ${p.description}`,
    sig.status === 'unsigned'
      ? '  Signature: none (unsigned: anyone could have made this file)'
      : `  Signature: ${sig.status === 'signed' ? 'signed' : 'signed, untrusted'} by ${sig.signer}${sig.pinned ? ' (pinned)' : ''}${sig.reason ? ` (${sig.reason})` : ''}`,
    ...(sig.fingerprint ? [`  Fingerprint (SHA-256): ${sig.fingerprint}`] : []),
    `  File SHA-256: ${p.sha256}`,
    `  Runs: ${p.commandLine}`,
  ];
  if (p.tools.length) lines.push(`  Tools: ${p.tools.map((t) => t.name).join(', ')}`);
  if (p.prompts.length) lines.push(`  Prompts: ${p.prompts.map((t) => t.name).join(', ')}`);
  for (const url of p.privacyPolicies) lines.push(`  Privacy policy: ${url}`);
  for (const f of p.fields) {
    const traits = [
      f.required ? 'required' : 'optional',
      f.type,
      ...(f.sensitive ? ['sensitive: kept in the secret store'] : []),
      ...(f.multiple ? ['several: repeat --set'] : []),
      ...(f.min !== undefined ? [`min ${f.min}`] : []),
      ...(f.max !== undefined ? [`max ${f.max}`] : []),
      ...(f.default !== undefined && !f.sensitive ? [`default ${String(f.default)}`] : []),
    ];
    lines.push(`  --set ${f.key}=…  (${traits.join(', ')}) ${f.title}: ${f.description}`);
  }
  for (const w of p.warnings) lines.push(`  Warning: ${w}`);
  for (const n of p.notes) lines.push(`  ${n}`);
  if (p.reinstall)
    lines.push(
      `  Installed already (${p.reinstall.version}); this changes: ${p.reinstall.differences.join('; ') || 'nothing'}`,
    );
  return lines;
}

/** Installs an opened bundle file (read from disk or downloaded and checked). */
// Long: the install is one sequence of checks the user reads top to bottom.
export async function installBundleRun(
  ctx: CliContext,
  args: ParsedArgs,
  file: Buffer,
  confirm: (question: string) => Promise<boolean>,
): Promise<number> {
  const extensionsDir = ctx.paths.extensions;
  const opened = await openBundle(file, { extensionsDir });
  const { manifest, preview } = opened;
  const trust = trustProblem(opened, flag(args, '--trust-signer'));
  if (trust) throw new CliError('forbidden', trust, EXIT.failed);
  const settings = await bundleSettings(manifest, setValues(args));
  if (settings.problems.length) throw new UsageError(settings.problems.join('\n'));
  if (settings.missing.length)
    throw new UsageError(
      `${manifest.name} needs ${settings.missing.map((f) => `--set ${f.key}=… (${f.title})`).join(', ')}`,
      'missing-argument',
    );
  const file_ = ctx.configFile ?? ctx.paths.mcpConfig;
  const read = await readConfigFile(file_);
  const servers = read.state === 'parsed' && read.ok ? read.config.servers : [];
  const sameBundle = servers.find(
    (s) =>
      typeof s.entry?.bundle === 'string' && parseBundleRef(s.entry.bundle)?.name === manifest.name,
  );
  const name = flag(args, '--name') ?? sameBundle?.name ?? serverNameFor(manifest.name);
  const taken = servers.find((s) => s.name === name);
  if (taken && taken !== sameBundle)
    throw new UsageError(
      `"${name}" is already in ${file_}; choose another with --name NAME`,
      'conflict',
    );
  const built = bundleEntry(manifest, settings.values);
  const entry: ServerEntry = { ...built.entry };
  if (args.bools.has('--sandbox')) entry.sandbox = true;
  const check = validateServerEntry(file_, name, entry);
  if (!check.ok)
    throw new UsageError(check.issues.map((i) => i.message).join('\n'), 'invalid-entry');
  if (!ctx.out.json) {
    for (const line of sheetLines(preview)) ctx.out.info(line);
    ctx.out.info(
      `  Saved as "${name}" in ${file_}; files in ${extensionsDir}/${manifest.name}/${manifest.version}`,
    );
    if (built.secrets.length)
      ctx.out.info(
        `  Sensitive settings go to the CLI's secret store: ${built.secrets.map((s) => s.name).join(', ')}. ${WINDOW_SECRETS_NOTE}`,
      );
    ctx.out.info('  It starts untrusted: its tools ask before they run until you trust it.');
  }
  if (!args.bools.has('--yes')) {
    if (!process.stdin.isTTY || ctx.out.json)
      throw new UsageError(
        'nothing was installed: give --yes to install this bundle without a prompt',
      );
    if (!(await confirm(`Install ${preview.displayName} ${preview.version}? [y/N] `))) {
      ctx.out.info('Nothing was installed.');
      return 1;
    }
  }
  if (built.secrets.length) {
    const secrets = await CliSecretProvider.open(ctx.paths);
    if (secrets.warning) ctx.out.warn(`lena: ${secrets.warning}`);
    for (const s of built.secrets) await secrets.set(s.name, s.value);
  }
  const dest = await installBundleFiles(opened, extensionsDir);
  if (sameBundle) await updateServer(file_, name, check.entry);
  else await addServer(file_, name, check.entry);
  if (ctx.out.json)
    ctx.out.result({
      installed: name,
      file: file_,
      folder: dest,
      entry: check.entry,
      secrets: built.secrets.map((s) => s.name),
      bundle: preview,
    });
  else
    ctx.out.info(
      `Installed "${name}" (${manifest.name} ${manifest.version}). Check it with: lena mcp doctor`,
    );
  return 0;
}

registerCommand({
  path: ['mcp', 'uninstall'],
  summary: 'remove an installed bundle: its entry, its files and its stored secrets',
  usage: ['mcp uninstall NAME [--config FILE]'],
  description:
    "Removes the server NAME (an entry installed from an .mcpb bundle) from mcp.json, deletes the\nbundle's folder under Lena's extensions, and the secrets its sensitive settings were kept in.",
  examples: ['lena mcp uninstall weather-bundle'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  configFlags: true,
  async run(ctx, args) {
    const name = args.positionals[0];
    const file = ctx.configFile ?? ctx.paths.mcpConfig;
    const read = await readConfigFile(file);
    const server =
      read.state === 'parsed' && read.ok
        ? read.config.servers.find((s) => s.name === name)
        : undefined;
    const ref =
      typeof server?.entry?.bundle === 'string' ? parseBundleRef(server.entry.bundle) : undefined;
    if (!server || !ref)
      throw new UsageError(
        server
          ? `"${name}" is not an installed bundle; remove it with lena mcp remove ${name}`
          : `"${name}" is not in ${file}`,
        'not-found',
      );
    const secretNames = Object.values(server.entry?.userConfig ?? {})
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((v) => /^\$\{secret:([^}]+)\}$/.exec(String(v))?.[1] ?? []);
    await removeServer(file, name);
    const removed = await uninstallBundleFiles(ctx.paths.extensions, ref.name);
    if (secretNames.length) {
      const secrets = await CliSecretProvider.open(ctx.paths);
      for (const s of secretNames) await secrets.delete(s);
    }
    if (ctx.out.json)
      ctx.out.result({ uninstalled: name, bundle: ref, files: removed, secrets: secretNames });
    else
      ctx.out.info(
        `Uninstalled "${name}" (${ref.name}${removed ? ', its files' : ''}${secretNames.length ? `, secrets ${secretNames.join(', ')}` : ''}).`,
      );
    return 0;
  },
});
