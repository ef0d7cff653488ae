// Opens an MCP bundle without writing anything: the signature checked first (a bundle changed
// after signing stops here), then the zip's directory (names and declared sizes), then its
// manifest. What comes out is the preview the install sheet and `lena mcp install` show, and what
// the install needs to write once the user agrees.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type {
  BundleField,
  BundlePreview,
  BundleSignatureView,
} from '../../../../shared/bundle-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { listArchive, MAX_UNPACKED_BYTES, readArchiveText, unsafeName } from './archive';
import { checkManifest, type Manifest } from './manifest';
import { normalFingerprint, readSignatureBlock, verifySignature } from './signature';

/** What an installed bundle name remembers: the version and the signer the user accepted. */
export interface InstalledRecord {
  version: string;
  signer?: string;
  fingerprint?: string;
  sha256: string;
  installedAt: string;
}

export interface OpenedBundle {
  preview: BundlePreview;
  manifest: Manifest;
  /** The zip without its signature block. */
  zip: Buffer;
  installed?: { record: InstalledRecord; manifest?: Manifest };
}

/** The largest bundle file Lena opens. */
export const MAX_BUNDLE_BYTES = 512 * 1024 * 1024;
const MAX_ICON_BYTES = 256 * 1024;

export const recordFile = (extensionsDir: string, name: string) =>
  join(extensionsDir, name, 'installed.json');

export async function readInstalled(
  extensionsDir: string,
  name: string,
): Promise<OpenedBundle['installed']> {
  try {
    const record = JSON.parse(await readFile(recordFile(extensionsDir, name), 'utf8'));
    let manifest: Manifest | undefined;
    try {
      const text = await readFile(
        join(extensionsDir, name, record.version, 'manifest.json'),
        'utf8',
      );
      manifest = JSON.parse(text) as Manifest;
    } catch {
      manifest = undefined;
    }
    return { record: record as InstalledRecord, manifest };
  } catch {
    return undefined;
  }
}

/** `privacy_policies` (0.2 and later). */
function privacyPolicies(m: Manifest): string[] {
  return 'privacy_policies' in m && Array.isArray(m.privacy_policies) ? m.privacy_policies : [];
}

export function fieldsOf(manifest: Manifest): BundleField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, o]) => ({
    key,
    type: o.type,
    title: o.title,
    description: o.description,
    required: o.required === true,
    sensitive: o.sensitive === true,
    multiple: o.multiple === true,
    ...(o.default !== undefined ? { default: o.default } : {}),
    ...(o.min !== undefined ? { min: o.min } : {}),
    ...(o.max !== undefined ? { max: o.max } : {}),
  }));
}

function iconOf(zip: Buffer, manifest: Manifest, entries: { name: string; size: number }[]) {
  const path = manifest.icon?.replace(/^\.\//, '');
  if (!path || unsafeName(path)) return undefined;
  const entry = entries.find((e) => e.name === path);
  if (!entry || entry.size > MAX_ICON_BYTES) return undefined;
  const data = unzipSync(zip, { filter: (f) => f.name === path })[path];
  if (!data) return undefined;
  const type = path.endsWith('.svg') ? null : path.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  return type ? `data:${type};base64,${Buffer.from(data).toString('base64')}` : undefined;
}

/** The manifest's command line for this platform (its override applied), for display. */
function commandLineOf(manifest: Manifest): string {
  const config = manifest.server.mcp_config;
  const override = config.platform_overrides?.[process.platform];
  const command = override?.command ?? config.command;
  const args = override?.args ?? config.args ?? [];
  const env = Object.keys(override?.env ?? config.env ?? {});
  const words = [command, ...args].map((w) =>
    /^[\w@%+=:,./${}-]+$/.test(w) ? w : JSON.stringify(w),
  );
  return `${env.length ? `(env ${env.join(', ')}) ` : ''}${words.join(' ')}`;
}

/** What changes when `next` replaces the installed version, in words. */
export function differences(
  installed: NonNullable<OpenedBundle['installed']>,
  next: Manifest,
  signature: BundleSignatureView,
): string[] {
  const out: string[] = [];
  const old = installed.manifest;
  const { record } = installed;
  if (record.version !== next.version) out.push(`version ${record.version} → ${next.version}`);
  const before = record.fingerprint ? `${record.signer} (${record.fingerprint})` : 'unsigned';
  const after = signature.fingerprint
    ? `${signature.signer} (${signature.fingerprint})`
    : 'unsigned';
  if (
    normalFingerprint(record.fingerprint ?? '') !== normalFingerprint(signature.fingerprint ?? '')
  )
    out.push(`signer ${before} → ${after}`);
  if (!old) return out;
  if (old.server.type !== next.server.type)
    out.push(`runs as ${old.server.type} → ${next.server.type}`);
  const launch = (m: Manifest) => JSON.stringify(m.server.mcp_config);
  if (launch(old) !== launch(next)) out.push('its command line changes');
  const keys = (m: Manifest) => Object.keys(m.user_config ?? {});
  for (const k of keys(next).filter((k) => !keys(old).includes(k))) out.push(`new setting: ${k}`);
  for (const k of keys(old).filter((k) => !keys(next).includes(k)))
    out.push(`setting removed: ${k}`);
  for (const k of keys(next).filter((k) => keys(old).includes(k))) {
    const a = old.user_config![k];
    const b = next.user_config![k];
    if (!a.sensitive && b.sensitive) out.push(`setting ${k} becomes sensitive`);
    if (a.type !== b.type) out.push(`setting ${k}: ${a.type} → ${b.type}`);
  }
  const tools = (m: Manifest) => (m.tools ?? []).map((t) => t.name);
  for (const t of tools(next).filter((t) => !tools(old).includes(t))) out.push(`new tool: ${t}`);
  for (const t of tools(old).filter((t) => !tools(next).includes(t)))
    out.push(`tool removed: ${t}`);
  const policies = (m: Manifest) => privacyPolicies(m);
  if (JSON.stringify(policies(old)) !== JSON.stringify(policies(next)))
    out.push('its privacy policies change');
  return out;
}

/** Opens a bundle file's bytes: refused (throws) when invalid; nothing is written. */
export async function openBundle(
  file: Buffer,
  options: { extensionsDir: string; maxBytes?: number },
): Promise<OpenedBundle> {
  if (file.length > MAX_BUNDLE_BYTES)
    throw new LenaError(ERROR_CODE.invalidArguments, 'the bundle file is too large to open');
  const block = readSignatureBlock(file);
  const sig = verifySignature(block);
  if (sig.status === 'invalid')
    throw new LenaError(
      ERROR_CODE.forbidden,
      `the bundle's signature is invalid: ${sig.reason}. It was not installed`,
    );
  const entries = listArchive(block.content, options.maxBytes ?? MAX_UNPACKED_BYTES);
  const text = readArchiveText(block.content, 'manifest.json');
  if (text === undefined)
    throw new LenaError(ERROR_CODE.invalidArguments, 'the bundle has no manifest.json');
  const checked = checkManifest(text);
  if (!checked.ok)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      `the bundle's manifest cannot be installed: ${checked.problems.join('; ')}`,
    );
  const { manifest } = checked;
  const installed = await readInstalled(options.extensionsDir, manifest.name);
  const signature: BundleSignatureView = {
    status: sig.status,
    ...(sig.signer ? { signer: sig.signer } : {}),
    ...(sig.issuer ? { issuer: sig.issuer } : {}),
    ...(sig.fingerprint ? { fingerprint: sig.fingerprint } : {}),
    ...(sig.selfSigned !== undefined ? { selfSigned: sig.selfSigned } : {}),
    ...(sig.reason ? { reason: sig.reason } : {}),
    ...(sig.fingerprint &&
    installed?.record.fingerprint &&
    normalFingerprint(installed.record.fingerprint) === normalFingerprint(sig.fingerprint)
      ? { pinned: true }
      : {}),
  };
  const icon = iconOf(block.content, manifest, entries);
  const preview: BundlePreview = {
    name: manifest.name,
    displayName: manifest.display_name ?? manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: manifest.author.name,
    ...(icon ? { icon } : {}),
    signature,
    serverType: manifest.server.type,
    commandLine: commandLineOf(manifest),
    tools: (manifest.tools ?? []).map((t) => ({ name: t.name, description: t.description })),
    prompts: (manifest.prompts ?? []).map((p) => ({ name: p.name, description: p.description })),
    privacyPolicies: privacyPolicies(manifest),
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
    fields: fieldsOf(manifest),
    warnings: checked.warnings,
    notes: checked.notes,
    sha256: createHash('sha256').update(file).digest('hex'),
    ...(installed
      ? {
          reinstall: {
            version: installed.record.version,
            ...(installed.record.signer ? { signer: installed.record.signer } : {}),
            ...(installed.record.fingerprint ? { fingerprint: installed.record.fingerprint } : {}),
            differences: differences(installed, manifest, signature),
          },
        }
      : {}),
  };
  return { preview, manifest, zip: block.content, ...(installed ? { installed } : {}) };
}

/**
 * Why the signature does not let the bundle install, or undefined when it does: an untrusted
 * signer needs `--trust-signer FINGERPRINT` (or its earlier pin); a signer other than the one
 * accepted before needs it too.
 */
export function trustProblem(
  opened: OpenedBundle,
  trustSigner: string | undefined,
): string | undefined {
  const sig = opened.preview.signature;
  const fp = normalFingerprint(sig.fingerprint ?? '');
  const given = trustSigner ? normalFingerprint(trustSigner) : undefined;
  if (given !== undefined && given !== fp)
    return `--trust-signer ${trustSigner} does not match the bundle's signer ${sig.signer ? `"${sig.signer}" ` : ''}(${sig.fingerprint ?? 'unsigned'}); nothing was installed`;
  if (given !== undefined) return undefined;
  const pinned = opened.installed?.record.fingerprint;
  if (sig.status === 'untrusted' && !sig.pinned)
    return `the bundle is signed by "${sig.signer}", which this system does not trust (${sig.reason}). If that is the publisher you expect, check the fingerprint with them and install with --trust-signer ${sig.fingerprint}`;
  if (sig.status === 'signed' && pinned && normalFingerprint(pinned) !== fp)
    return `the bundle's signer changed from ${opened.installed?.record.signer} (${pinned}) to ${sig.signer} (${sig.fingerprint}); install with --trust-signer ${sig.fingerprint} to accept it`;
  return undefined;
}
