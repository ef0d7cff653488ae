// `lena mcp search TEXT` and `lena mcp show NAME[@VERSION]`: the MCP Registry (settings.json's
// registryUrl, or --registry URL, else the official one) read through core/install's client, with
// its disk cache in Lena's home. A registry that is down is an error (or a cached page, said so).
import type { InstallOption } from '../../core/install/map-entry';
import { BUNDLE_FROM_FILE, installOptions } from '../../core/install/map-entry';
import { DEFAULT_REGISTRY_URL, RegistryClient } from '../../core/install/registry-client';
import { missingRunner } from '../../core/install/runners';
import type { RegistryServer } from '../../core/install/server-json';
import { serverDetail, serverSummary } from '../../core/install/views';
import { SettingsStore } from '../../core/store/settings';
import { flag, type FlagSpec, type ParsedArgs } from '../args';
import { registerCommand } from '../commands';
import type { CliContext } from '../context';
import { UsageError } from '../errors';

export const REGISTRY_FLAG: FlagSpec = {
  name: '--registry',
  value: 'URL',
  help: 'the MCP Registry to use (default: settings.json\'s "registryUrl", else the official registry)',
};

/** The client of the registry this command uses. */
export async function registryClient(ctx: CliContext, args: ParsedArgs): Promise<RegistryClient> {
  const given = flag(args, '--registry');
  if (given !== undefined && !/^https?:\/\/\S+$/.test(given))
    throw new UsageError(`--registry ${given}: give the registry's http:// or https:// address`);
  const fromSettings = given ? null : (await SettingsStore.open(ctx.paths.settings)).current;
  return new RegistryClient({
    baseUrl: given ?? fromSettings?.registryUrl ?? DEFAULT_REGISTRY_URL,
    cacheFile: ctx.paths.registryCache,
  });
}

/** `NAME@VERSION` → name and version (`latest` without one). */
export function nameAndVersion(spec: string): { name: string; version: string } {
  const at = spec.lastIndexOf('@');
  return at > 0
    ? { name: spec.slice(0, at), version: spec.slice(at + 1) }
    : { name: spec, version: 'latest' };
}

export function statusText(s: RegistryServer): string {
  return s.status === 'deprecated'
    ? `deprecated${s.statusMessage ? `: ${s.statusMessage}` : ''}`
    : s.status;
}

function kinds(s: RegistryServer): string {
  const list = [
    ...(s.server.packages ?? []).map((p) => p.registryType),
    ...(s.server.remotes ?? []).map((r) => `remote ${r.type}`),
  ];
  return list.length ? list.join(', ') : 'nothing to install';
}

registerCommand({
  path: ['mcp', 'search'],
  summary: 'search the MCP Registry for servers',
  usage: ['mcp search [TEXT] [--cursor CURSOR] [--limit N] [--registry URL] [--json]'],
  description:
    "Lists the latest version of each server whose name contains TEXT: name, version, status,\nwhat it installs from. Deleted servers are not listed; deprecated ones say so. Pages are cached\nin Lena's home (registry-cache.json) and refreshed with the registry's updated_since.",
  examples: ['lena mcp search github', 'lena mcp search --registry https://mcp.example.com db'],
  flags: [
    { name: '--cursor', value: 'CURSOR', help: 'the next page (printed at the end of a page)' },
    { name: '--limit', value: 'N', help: 'servers per page (the registry may give fewer)' },
    REGISTRY_FLAG,
  ],
  positionals: [{ name: 'TEXT', optional: true }],
  async run(ctx, args) {
    const limitText = flag(args, '--limit');
    const limit = limitText === undefined ? undefined : Number(limitText);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0 && limit <= 100))
      throw new UsageError(`--limit must be a whole number from 1 to 100, not "${limitText}"`);
    const client = await registryClient(ctx, args);
    const [text] = args.positionals;
    const page = await client.search({ search: text, cursor: flag(args, '--cursor'), limit });
    if (page.stale)
      ctx.out.warn(
        `lena: ${page.stale.reason}. Showing the page as cached at ${page.stale.fetchedAt}.`,
      );
    if (ctx.out.json) {
      ctx.out.result({
        registry: client.baseUrl,
        servers: page.servers.map(serverSummary),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        ...(page.stale ? { stale: page.stale } : {}),
      });
      return 0;
    }
    if (page.servers.length === 0)
      ctx.out.info(`No server in ${client.baseUrl} has "${text ?? ''}" in its name.`);
    for (const s of page.servers) {
      ctx.out.info(
        `${s.server.name}  ${s.server.version ?? ''}${s.status === 'active' ? '' : `  [${statusText(s)}]`}`,
      );
      ctx.out.info(
        `  ${s.server.title ? `${s.server.title}: ` : ''}${s.server.description ?? ''} (${kinds(s)})`,
      );
    }
    if (page.nextCursor)
      ctx.out.info(`More: lena mcp search ${text ? `${text} ` : ''}--cursor ${page.nextCursor}`);
    return 0;
  },
});

/** The lines that describe one install option: label, runner, fields. */
export function optionLines(option: InstallOption): string[] {
  const lines = [
    `  ${option.id}  ${option.label}${option.unsupported ? `: ${option.unsupported}` : ''}`,
  ];
  const runner = option.unsupported ? undefined : missingRunner(option);
  if (runner) lines.push(`    ${runner}`);
  if (option.kind === 'mcpb')
    lines.push(`    ${BUNDLE_FROM_FILE}; its settings are given with --set KEY=VALUE`);
  for (const f of option.fields) {
    const how =
      f.target === 'env'
        ? `-e ${f.name}=…`
        : f.target === 'header'
          ? `-H "${f.name}: …"`
          : `--arg ${f.name}=…`;
    const traits = [
      f.required ? 'required' : 'optional',
      ...(f.secret ? ['secret'] : []),
      ...(f.format !== 'string' ? [f.format] : []),
      ...(f.repeated ? ['repeatable'] : []),
      ...(f.default !== undefined ? [`default ${f.default}`] : []),
      ...(f.choices ? [`one of ${f.choices.join(', ')}`] : []),
    ];
    lines.push(`    ${how}  (${traits.join(', ')})${f.description ? ` ${f.description}` : ''}`);
  }
  return lines;
}

registerCommand({
  path: ['mcp', 'show'],
  summary: 'show one server of the MCP Registry and how it installs',
  usage: ['mcp show NAME[@VERSION] [--registry URL] [--json]'],
  description:
    'Shows the server (latest version, or VERSION), its status, repository, and each way to install\nit: packages (npm, pypi, oci, nuget, mcpb bundles) and remotes, with the values each needs.',
  examples: ['lena mcp show io.github.modelcontextprotocol/server-memory'],
  flags: [REGISTRY_FLAG],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const { name, version } = nameAndVersion(args.positionals[0]);
    const client = await registryClient(ctx, args);
    const found = await client.get(name, version);
    const options = installOptions(found.server);
    if (ctx.out.json) {
      ctx.out.result(serverDetail(found));
      return 0;
    }
    const s = found.server;
    ctx.out.info(`${s.name}  ${s.version ?? ''}  [${statusText(found)}]`);
    if (s.title) ctx.out.info(`  ${s.title}`);
    if (s.description) ctx.out.info(`  ${s.description}`);
    if (s.repository?.url) ctx.out.info(`  repository: ${s.repository.url}`);
    if (s.websiteUrl) ctx.out.info(`  website: ${s.websiteUrl}`);
    ctx.out.info(
      options.length ? 'Install with (--use ID):' : 'Nothing to install: no package or remote.',
    );
    for (const o of options) for (const line of optionLines(o)) ctx.out.info(line);
    if (s.postInstallInstructions)
      ctx.out.info(
        `After installing (the publisher's words; Lena runs none of it):\n  ${s.postInstallInstructions}`,
      );
    return 0;
  },
});
