// A stdio entry's `sandbox` field turned into one @anthropic-ai/sandbox-runtime configuration.
// The default (`true`): writes only to the server's working folder, its roots and a private
// temporary folder; no reads of the credential folders or Lena's home; no network. An explicit
// policy keeps those protections and adds its own lists; its `allowRead` is the only way to lift a
// default read denial. `npx` and `uvx` keep their cache folders and registries (the server page
// says so). On Linux a `denyRead` path that does not exist hides nothing: such paths are not
// passed on and are named in the notes, never claimed hidden.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { SandboxPolicy } from '../../../../../shared/server-config';
import { runnerAllowance, runnerOf } from './package-runners';

/** The library's settings shape, as far as Lena sets it. */
export interface SandboxRuntimeSettings {
  network: { allowedDomains: string[]; deniedDomains: string[] };
  filesystem: {
    denyRead: string[];
    allowRead: string[];
    allowWrite: string[];
    denyWrite: string[];
  };
}

export interface SandboxContext {
  /** The server's working folder (its entry's `cwd`, else Lena's). */
  cwd: string;
  /** The HOME the server runs with; `~` in the policy means this folder. */
  home?: string;
  /** Lena's home (LENA_HOME or ~/.lena): never readable by a server. */
  lenaHome: string;
  /** The server's private temporary folder (its TMPDIR). */
  tmpDir: string;
  /** Folders granted to the server as roots: writable. */
  roots?: string[];
  /** The command the entry runs, to keep npx and uvx working. */
  command: string;
  /** Its arguments and variables (npx's install folder, npm's and uv's cache settings). */
  args?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** When the user pre-installed its npx or uvx package: it then runs offline from the cache. */
  preinstalledAt?: string | null;
}

export interface ResolvedSandbox {
  settings: SandboxRuntimeSettings;
  /** What the server page and `doctor` say besides the lists: package-runner allowances, unhidden paths. */
  notes: string[];
  /** Variables the server gets besides its own (a pre-installed runner's offline switches). */
  env: Record<string, string>;
}

/** Folders where keys and credentials live (relative to HOME), denied to every sandboxed server. */
export const CREDENTIAL_FOLDERS = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.config/gcloud',
  '.azure',
  '.kube',
  '.docker',
  '.netrc',
  '.local/share/keyrings',
  'Library/Keychains',
] as const;

export function resolveSandbox(policy: true | SandboxPolicy, ctx: SandboxContext): ResolvedSandbox {
  const home = ctx.home ?? homedir();
  const path = (p: string) => expandHome(p, home, ctx.cwd);
  const own = policy === true ? {} : policy;
  const notes: string[] = [];
  const allowRead = (own.filesystem?.allowRead ?? []).map(path);
  const candidates = [
    ...CREDENTIAL_FOLDERS.map((f) => join(home, f)),
    ctx.lenaHome,
    ...(own.filesystem?.denyRead ?? []).map(path),
  ].filter((p) => !allowRead.includes(p));
  const denyRead: string[] = [];
  for (const p of unique(candidates)) {
    if (existsSync(p)) denyRead.push(p);
    else if (own.filesystem?.denyRead?.some((d) => path(d) === p))
      notes.push(`${p} does not exist, so the sandbox cannot hide it if it appears later`);
  }
  const allowWrite = [
    ctx.tmpDir,
    ...(own.filesystem?.allowWrite ?? [ctx.cwd, ...(ctx.roots ?? [])]),
  ];
  const domains = [...(own.network?.allowedDomains ?? [])];
  const runner = runnerOf(ctx.command);
  const allowance = runner
    ? runnerAllowance(
        runner,
        { args: ctx.args ?? [], cwd: ctx.cwd, env: ctx.env ?? {}, home },
        ctx.preinstalledAt ?? null,
      )
    : undefined;
  if (allowance) {
    allowWrite.push(...allowance.write);
    domains.push(...allowance.domains);
    notes.push(allowance.note);
  }
  if ((own.network?.deniedDomains ?? []).length > 0)
    notes.push(
      'its denied domains apply to every sandboxed server while it runs (one proxy serves them all)',
    );
  return {
    settings: {
      network: {
        allowedDomains: unique(domains),
        deniedDomains: unique(own.network?.deniedDomains ?? []),
      },
      filesystem: {
        denyRead,
        allowRead: unique(allowRead),
        allowWrite: unique(allowWrite.map(path)),
        denyWrite: unique((own.filesystem?.denyWrite ?? []).map(path)),
      },
    },
    notes,
    env: allowance?.env ?? {},
  };
}

/** Where a policy widens the default sandbox, each with the reason it deserves a second look. */
export function sandboxWidening(
  policy: boolean | SandboxPolicy | undefined,
): { where: string; message: string }[] {
  if (policy === false)
    return [
      { where: 'sandbox', message: 'runs without the sandbox: the server gets your own rights' },
    ];
  if (policy === undefined || policy === true) return [];
  const out: { where: string; message: string }[] = [];
  const broad = (p: string) => ['~', '~/', '/', '$HOME'].includes(p.trim());
  (policy.filesystem?.allowWrite ?? []).forEach((p, i) => {
    if (broad(p))
      out.push({
        where: `sandbox.filesystem.allowWrite[${i}]`,
        message: `may write anywhere in ${p}`,
      });
  });
  (policy.filesystem?.allowRead ?? []).forEach((p, i) => {
    if (CREDENTIAL_FOLDERS.some((f) => p.replace(/\/$/, '').endsWith(`/${f}`)) || broad(p))
      out.push({
        where: `sandbox.filesystem.allowRead[${i}]`,
        message: `lifts the sandbox's protection of ${p}`,
      });
  });
  (policy.network?.allowedDomains ?? []).forEach((d, i) => {
    if (d.trim() === '*' || d.trim() === '*.*')
      out.push({ where: `sandbox.network.allowedDomains[${i}]`, message: 'may reach any domain' });
  });
  return out;
}

function expandHome(p: string, home: string, cwd: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return join(home, p.slice(2));
  return isAbsolute(p) ? p : resolve(cwd, p);
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
