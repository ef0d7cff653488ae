// A bundle's manifest.json, checked with the schemas the pinned @anthropic-ai/mcpb ships: the
// version comes from `manifest_version` (or its old name `dxt_version`); a field the version's
// strict schema does not know is a warning (the loose schema reads the rest), anything else wrong
// refuses the bundle. Then what this computer must offer: `compatibility.platforms`, the Node
// version in `compatibility.runtimes`, and `uv` for a `uv` server.
import { MANIFEST_SCHEMAS, MANIFEST_SCHEMAS_LOOSE } from '@anthropic-ai/mcpb/browser';
import type { McpbManifestAny } from '@anthropic-ai/mcpb/browser';
import { hasUv } from '../../mcp/config/bundle-launch';

export type Manifest = McpbManifestAny;
export type UserConfigOption = NonNullable<Manifest['user_config']>[string];

export type ManifestCheck =
  | { ok: true; manifest: Manifest; version: string; warnings: string[]; notes: string[] }
  | { ok: false; problems: string[] };

/** A name or version that becomes a folder: letters, digits, `.`, `_`, `-`, `+`; not `.` or `..`. */
const FOLDER_SAFE = /^(?!\.{1,2}$)[A-Za-z0-9._+-]{1,100}$/;

type Issue = { code: string; path: (string | number)[]; message: string; keys?: string[] };

const where = (path: (string | number)[]) => (path.length ? `"${path.join('.')}"` : 'the manifest');

/** Checks the text of manifest.json; never throws. */
export function checkManifest(
  text: string,
  host: { platform?: NodeJS.Platform; node?: string; path?: string } = {},
): ManifestCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`manifest.json is not valid JSON (${(err as Error).message})`] };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, problems: ['manifest.json must hold an object'] };
  const record = raw as Record<string, unknown>;
  const version = record.manifest_version ?? record.dxt_version;
  const known = Object.keys(MANIFEST_SCHEMAS);
  if (typeof version !== 'string' || !known.includes(version))
    return {
      ok: false,
      problems: [
        version === undefined
          ? 'manifest.json has no "manifest_version"'
          : `manifest.json's version ${JSON.stringify(version)} is not one Lena reads (${known.join(', ')})`,
      ],
    };
  const key = version as keyof typeof MANIFEST_SCHEMAS;
  const strict = MANIFEST_SCHEMAS[key].safeParse(raw);
  const warnings: string[] = [];
  if (record.manifest_version === undefined)
    warnings.push('"dxt_version" is the old name of "manifest_version"');
  if (!strict.success) {
    const issues = strict.error.issues as Issue[];
    const fatal = issues.filter((i) => i.code !== 'unrecognized_keys');
    if (fatal.length)
      return { ok: false, problems: fatal.map((i) => `${where(i.path)}: ${i.message}`) };
    for (const i of issues)
      warnings.push(`${where(i.path)} has fields Lena does not know: ${(i.keys ?? []).join(', ')}`);
  }
  const loose = MANIFEST_SCHEMAS_LOOSE[key].safeParse(raw);
  if (!loose.success)
    return {
      ok: false,
      problems: (loose.error.issues as Issue[]).map((i) => `${where(i.path)}: ${i.message}`),
    };
  const manifest = loose.data as Manifest;
  const problems: string[] = [];
  if (!FOLDER_SAFE.test(manifest.name))
    problems.push(`"name" ${JSON.stringify(manifest.name)} must be letters, digits, ".", "_", "-"`);
  if (!FOLDER_SAFE.test(manifest.version))
    problems.push(`"version" ${JSON.stringify(manifest.version)} must be letters, digits, "."`);
  const notes: string[] = [];
  problems.push(...compatibility(manifest, host, warnings, notes));
  if (problems.length) return { ok: false, problems };
  return { ok: true, manifest, version, warnings, notes };
}

function compatibility(
  manifest: Manifest,
  host: { platform?: NodeJS.Platform; node?: string; path?: string },
  warnings: string[],
  notes: string[],
): string[] {
  const platform = host.platform ?? process.platform;
  const compat = manifest.compatibility;
  const problems: string[] = [];
  if (compat?.platforms && !compat.platforms.includes(platform as 'linux'))
    problems.push(`it runs on ${compat.platforms.join(', ')}, not on ${platform}`);
  const nodeRange = compat?.runtimes?.node;
  const node = host.node ?? process.versions.node;
  if (nodeRange) {
    const fits = satisfies(node, nodeRange);
    if (fits === false) problems.push(`it needs Node ${nodeRange}; Lena runs Node ${node}`);
    if (fits === undefined) warnings.push(`Node range "${nodeRange}" not understood; not checked`);
  }
  if (compat?.runtimes?.python)
    notes.push(`It needs Python ${compat.runtimes.python} (not checked).`);
  if (manifest.server.type === 'uv' && !hasUv(host.path))
    notes.push(
      '`uv` was not found on PATH; it comes with uv (https://docs.astral.sh/uv/). The server starts once it is there.',
    );
  return problems;
}

const parts = (v: string) =>
  v
    .replace(/^v/, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => Number(p) || 0);

function compare(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * Whether a version satisfies a semver range of comparators (`>=18`, `>=18.0.0 <23`, `^20.1`,
 * `~20.1`, `20.x`, `a || b`); undefined when the range is not understood.
 */
export function satisfies(version: string, range: string): boolean | undefined {
  const alternatives = range.split('||').map((alt) => alt.trim().split(/\s+/).filter(Boolean));
  let result: boolean | undefined = false;
  for (const comparators of alternatives) {
    let all: boolean | undefined = true;
    for (const c of comparators) {
      const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(c);
      if (!m) {
        if (c === '*' || c === 'x') continue;
        all = undefined;
        break;
      }
      const [, op = '=', maj, min, pat] = m;
      const wild = (s: string | undefined) => s === undefined || s === 'x' || s === '*';
      const base = `${maj}.${wild(min) ? 0 : min}.${wild(pat) ? 0 : pat}`;
      const cmp = compare(version, base);
      const [vMaj, vMin] = parts(version);
      let ok: boolean;
      if (op === '>=') ok = cmp >= 0;
      else if (op === '>') ok = cmp > 0;
      else if (op === '<=') ok = cmp <= 0;
      else if (op === '<') ok = cmp < 0;
      else if (op === '^') ok = cmp >= 0 && vMaj === Number(maj);
      else if (op === '~' || wild(pat))
        ok = cmp >= 0 && vMaj === Number(maj) && (wild(min) || vMin === Number(min));
      else ok = cmp === 0;
      if (!ok) all = all === undefined ? undefined : false;
    }
    if (all === true) return true;
    if (all === undefined) result = undefined;
  }
  return result;
}
