// An installed MCP bundle's launch, resolved from its manifest at every start: the entry names the
// bundle (`"bundle": "NAME@VERSION"`, installed under <home>/extensions/NAME/VERSION) and holds
// the user's settings (`"userConfig"`, a sensitive one as `${secret:NAME}`). The library's
// getMcpConfigForManifest fills `${__dirname}`, `${HOME}`, `${/}`, `${user_config.KEY}` and the
// platform's overrides; the values enter as opaque tokens and are put in afterwards, so a value is
// never read as a pattern and a secret reaches only the child's argv or environment. Nothing else
// in the manifest is expanded: a bundle cannot name the user's variables or secrets by itself.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { getMcpConfigForManifest, type McpbManifestAny } from '@anthropic-ai/mcpb/browser';
import type { ServerEntry } from '../../../../shared/server-config';
import { findOnPath } from '../transports/sandbox/availability';
import type { SecretLookup } from './expand';

/** A user setting as the entry keeps it. */
export type BundleSetting = string | number | boolean | string[];

/** `NAME@VERSION` → its parts; undefined when the text is not that. */
export function parseBundleRef(ref: string): { name: string; version: string } | undefined {
  const m = /^([A-Za-z0-9._+-]+)@([A-Za-z0-9._+-]+)$/.exec(ref);
  if (!m || m[1] === '.' || m[1] === '..' || m[2] === '.' || m[2] === '..') return undefined;
  return { name: m[1], version: m[2] };
}

/** The folder a bundle version is installed in. */
export function bundleFolder(extensionsDir: string, name: string, version: string): string {
  return join(extensionsDir, name, version);
}

const SECRET_REF = /^\$\{secret:([A-Za-z_][A-Za-z0-9_.-]*)\}$/;

/** Whether `uv` is on PATH (a `uv` bundle runs only where it is). */
export function hasUv(path: string | undefined = process.env.PATH): boolean {
  return findOnPath(process.platform === 'win32' ? 'uv.exe' : 'uv', path) !== undefined;
}

/**
 * The `node` command a node bundle's launch names: the Node running Lena on the command line.
 * Inside the app, `node`: packaged builds turn Electron's RunAsNode fuse off, so the app's own
 * binary cannot run a script (desktop/server-launch.ts refuses it as a server command). The app
 * runs an unsandboxed node bundle in a utility process instead (launch.nodeBundle, forked-node.ts);
 * this command is what a sandboxed one runs inside its sandbox (`node` from PATH there).
 */
export function bundleNode(
  versions: NodeJS.ProcessVersions = process.versions,
  execPath = process.execPath,
): string {
  return versions.electron ? 'node' : execPath;
}

export interface BundleLaunchOptions {
  extensionsDir: string;
  secrets?: SecretLookup;
  env?: NodeJS.ProcessEnv;
  /** The `node` command for node bundles (default: bundleNode()). */
  node?: string;
}

export type BundleLaunch =
  | {
      ok: true;
      /** A plain stdio entry with every value final: expand it literally. */
      entry: ServerEntry;
      /** The secret values it carries, for redaction. */
      sensitive: string[];
      manifest: McpbManifestAny;
      /** A `node` bundle started through `node`: the app may run it with its own Node. */
      nodeBundle: boolean;
    }
  | {
      ok: false;
      reason: 'invalid' | 'missing-secrets' | 'missing-settings';
      message: string;
    };

const UNSET = /^\$\{user_config\.[^}]*\}$/;
const UNSET_ANY = /\$\{user_config\.[^}]*\}/g;

const token = (i: number) => `\u0001lena-user-config-${i}\u0001`;

/** Resolves an entry with `"bundle"` into the stdio entry it runs as; never throws. */
// Long: one sequence from the entry to the argv, each step able to stop the start.
export async function resolveBundleLaunch(
  entry: ServerEntry,
  options: BundleLaunchOptions,
): Promise<BundleLaunch> {
  const ref = typeof entry.bundle === 'string' ? parseBundleRef(entry.bundle) : undefined;
  if (!ref)
    return {
      ok: false,
      reason: 'invalid',
      message: `"bundle" must name an installed bundle as NAME@VERSION (got ${JSON.stringify(entry.bundle)})`,
    };
  const folder = bundleFolder(options.extensionsDir, ref.name, ref.version);
  let manifest: McpbManifestAny;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as McpbManifestAny;
  } catch {
    return {
      ok: false,
      reason: 'invalid',
      message: `the bundle ${ref.name} ${ref.version} is not installed (no ${join(folder, 'manifest.json')}); install it again with lena mcp install FILE.mcpb`,
    };
  }
  const settings = (entry.userConfig ?? {}) as Record<string, BundleSetting>;
  const values: string[] = [];
  const sensitive: string[] = [];
  const missing: string[] = [];
  const tokenOf = (value: string, secret: boolean) => {
    values.push(value);
    if (secret) sensitive.push(value);
    return token(values.length - 1);
  };
  const userConfig: Record<string, BundleSetting> = {};
  for (const [key, value] of Object.entries(settings)) {
    const one = async (text: string): Promise<string> => {
      const secret = SECRET_REF.exec(text)?.[1];
      if (secret === undefined) return tokenOf(text, false);
      let found: string | undefined;
      try {
        found = await options.secrets?.get(secret);
      } catch {
        found = undefined;
      }
      if (found === undefined) {
        missing.push(secret);
        return '';
      }
      return tokenOf(found, true);
    };
    if (Array.isArray(value)) userConfig[key] = await Promise.all(value.map(one));
    else if (typeof value === 'string') userConfig[key] = await one(value);
    else userConfig[key] = value;
  }
  if (missing.length)
    return {
      ok: false,
      reason: 'missing-secrets',
      message: `${missing.map((n) => `secret "${n}"`).join(', ')} not in Lena's secret store; set it with lena secrets set NAME (or install the bundle again)`,
    };
  const home = homedir();
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: folder,
    systemDirs: {
      HOME: home,
      DOCUMENTS: join(home, 'Documents'),
      DESKTOP: join(home, 'Desktop'),
      DOWNLOADS: join(home, 'Downloads'),
    },
    userConfig,
    pathSeparator: sep,
  });
  if (!config) {
    const needed = Object.entries(manifest.user_config ?? {})
      .filter(([key, o]) => o.required && settings[key] === undefined)
      .map(([key]) => key);
    return {
      ok: false,
      reason: 'missing-settings',
      message: `${ref.name} needs ${needed.length ? needed.join(', ') : 'settings it was installed without'}; install it again with --set KEY=VALUE`,
    };
  }
  const fill = (text: string) =>
    values.reduce((out, value, i) => out.split(token(i)).join(value), text);
  // The library keeps `${user_config.KEY}` as written when KEY has no value (an optional setting
  // left empty): an argument or variable that is only that is left out, and inside a longer text
  // it becomes empty, so the server never sees the placeholder. User values are tokens here, so
  // what still matches is the manifest's own text.
  const unset = (text: string) => UNSET.test(text);
  const blank = (text: string) => text.replace(UNSET_ANY, '');
  let command = fill(blank(config.command));
  const nodeBundle = manifest.server.type === 'node' && command === 'node';
  if (nodeBundle) command = options.node ?? bundleNode();
  if (manifest.server.type === 'uv' && !hasUv(options.env?.PATH))
    return {
      ok: false,
      reason: 'invalid',
      message:
        '`uv` was not found on PATH; this bundle runs with uv (https://docs.astral.sh/uv/). Install it, then restart the server',
    };
  const resolved: ServerEntry = {
    type: 'stdio',
    command,
    args: (config.args ?? []).filter((a) => !unset(a)).map((a) => fill(blank(a))),
    env: Object.fromEntries(
      Object.entries(config.env ?? {})
        .filter(([, v]) => !unset(v))
        .map(([k, v]) => [k, fill(blank(v))]),
    ),
    cwd: folder,
  };
  for (const key of ['timeout', 'startupTimeout', 'protocol', 'sandbox', 'disabled'] as const)
    if (entry[key] !== undefined) (resolved as Record<string, unknown>)[key] = entry[key];
  return { ok: true, entry: resolved, sensitive, manifest, nodeBundle };
}
