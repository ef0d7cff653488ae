// Installing an opened bundle: the user's settings checked against `user_config` (a number within
// min/max, a boolean, an existing directory or file, several values where `multiple`), the entry
// that names the bundle (sensitive settings as `${secret:NAME}`, their values for the secret
// store), and the files: unpacked into a staging folder beside the destination, then moved to
// <extensions>/NAME/VERSION in one rename, with what the user accepted recorded beside it.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import type { BundleField, BundleValues } from '../../../../shared/bundle-types';
import type { ServerEntry } from '../../../../shared/server-config';
import { SERVER_NAME_PATTERN } from '../../../../shared/config/server-entry-schema';
import type { BundleSetting } from '../../mcp/config/bundle-launch';
import { secretName, type PendingSecret } from '../map-entry';
import { extractArchive } from './archive';
import { fieldsOf, recordFile, type InstalledRecord, type OpenedBundle } from './inspect';
import type { Manifest } from './manifest';

export interface BundleSettings {
  values: Record<string, BundleSetting>;
  /** Required settings without a value (nor a default). */
  missing: BundleField[];
  /** Values that do not fit their setting, in words. */
  problems: string[];
}

const asList = (v: BundleValues[string]): string[] =>
  v === undefined
    ? []
    : (Array.isArray(v) ? v : [String(v)]).map((s) => s.trim()).filter((s) => s !== '');

/** Checks the given settings against the manifest's `user_config`. */
export async function bundleSettings(
  manifest: Manifest,
  given: BundleValues,
): Promise<BundleSettings> {
  const fields = fieldsOf(manifest);
  const values: Record<string, BundleSetting> = {};
  const missing: BundleField[] = [];
  const problems: string[] = [];
  for (const key of Object.keys(given))
    if (!fields.some((f) => f.key === key))
      problems.push(
        `"${key}" is not a setting of ${manifest.name}; it takes ${fields.map((f) => f.key).join(', ') || 'none'}`,
      );
  for (const f of fields) {
    const list = asList(given[f.key]);
    if (list.length === 0) {
      if (f.required && f.default === undefined) missing.push(f);
      continue;
    }
    if (list.length > 1 && !f.multiple) {
      problems.push(`${f.key} takes one value`);
      continue;
    }
    if (f.type === 'number') {
      const n = Number(list[0]);
      if (!Number.isFinite(n)) problems.push(`${f.key} must be a number (got "${list[0]}")`);
      else if (f.min !== undefined && n < f.min)
        problems.push(`${f.key} must be at least ${f.min}`);
      else if (f.max !== undefined && n > f.max) problems.push(`${f.key} must be at most ${f.max}`);
      else values[f.key] = n;
    } else if (f.type === 'boolean') {
      const t = list[0].toLowerCase();
      if (['true', 'yes', '1', 'on'].includes(t)) values[f.key] = true;
      else if (['false', 'no', '0', 'off'].includes(t)) values[f.key] = false;
      else problems.push(`${f.key} must be true or false (got "${list[0]}")`);
    } else if (f.type === 'directory' || f.type === 'file') {
      const paths = list.map((p) => resolve(p));
      for (const p of paths) {
        const s = await stat(p).catch(() => undefined);
        if (!s || (f.type === 'directory' ? !s.isDirectory() : !s.isFile()))
          problems.push(`${f.key}: ${p} is not an existing ${f.type}`);
      }
      values[f.key] = f.multiple ? paths : paths[0];
    } else values[f.key] = f.multiple ? list : list[0];
  }
  return { values, missing, problems };
}

/** `My Bundle.v2` → `My_Bundle_v2`: a bundle name as a server name. */
export function serverNameFor(bundleName: string): string {
  const name = bundleName.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);
  return SERVER_NAME_PATTERN.test(name) ? name : 'bundle';
}

/** The entry naming the bundle; sensitive settings become references, their values secrets. */
export function bundleEntry(
  manifest: Manifest,
  settings: Record<string, BundleSetting>,
): { entry: ServerEntry; secrets: PendingSecret[] } {
  const secrets: PendingSecret[] = [];
  const userConfig: Record<string, BundleSetting> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (manifest.user_config?.[key]?.sensitive) {
      const list = Array.isArray(value) ? value : [String(value)];
      const refs = list.map((v, i) => {
        const name = secretName(manifest.name, list.length > 1 ? `${key}_${i + 1}` : key);
        secrets.push({ name, value: v, field: key });
        return `\${secret:${name}}`;
      });
      userConfig[key] = Array.isArray(value) ? refs : refs[0];
    } else userConfig[key] = value;
  }
  return {
    entry: {
      bundle: `${manifest.name}@${manifest.version}`,
      ...(Object.keys(userConfig).length ? { userConfig } : {}),
    },
    secrets,
  };
}

/** Unpacks the bundle into <extensions>/NAME/VERSION (replacing that version) and records it. */
export async function installBundleFiles(
  opened: OpenedBundle,
  extensionsDir: string,
): Promise<string> {
  const { manifest } = opened;
  const parent = join(extensionsDir, manifest.name);
  const dest = join(parent, manifest.version);
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const staging = join(parent, `.staging-${randomBytes(6).toString('hex')}`);
  try {
    await extractArchive(opened.zip, staging);
    if (manifest.server.type === 'binary') {
      // A zip made by fflate keeps no file modes: the entry point is the program to run.
      const entry = resolve(staging, manifest.server.entry_point);
      if (!isAbsolute(manifest.server.entry_point) && entry.startsWith(staging + sep))
        await chmod(entry, 0o700).catch(() => undefined);
    }
    await rm(dest, { recursive: true, force: true });
    await rename(staging, dest);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const sig = opened.preview.signature;
  const record: InstalledRecord = {
    version: manifest.version,
    ...(sig.signer && sig.fingerprint ? { signer: sig.signer, fingerprint: sig.fingerprint } : {}),
    sha256: opened.preview.sha256,
    installedAt: new Date().toISOString(),
  };
  await writeFile(
    recordFile(extensionsDir, manifest.name),
    `${JSON.stringify(record, null, 2)}\n`,
    {
      mode: 0o600,
    },
  );
  // Older versions go: the entry names the new one.
  const old = opened.installed?.record.version;
  if (old && old !== manifest.version)
    await rm(join(parent, old), { recursive: true, force: true });
  return dest;
}

/** Removes every installed version of a bundle. */
export async function uninstallBundleFiles(extensionsDir: string, name: string): Promise<boolean> {
  const folder = join(extensionsDir, name);
  const there = await stat(folder).catch(() => undefined);
  if (!there) return false;
  await rm(folder, { recursive: true, force: true });
  return true;
}
