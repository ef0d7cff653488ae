// Whether this machine can run the sandbox, asked before a sandboxed server starts: where it
// cannot, the server does not start and its status says what is missing and how to install it
// (never a silent start without the sandbox).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export type SandboxAvailability =
  { ok: true; bwrap?: string } | { ok: false; missing: string[]; reason: string; action: string };

const LINUX_TOOLS = ['bwrap', 'socat', 'rg'] as const;
const PACKAGE: Record<string, string> = { bwrap: 'bubblewrap', socat: 'socat', rg: 'ripgrep' };
const APT = 'sudo apt install bubblewrap socat ripgrep';
const probed = new Map<string, string | undefined>();

/** Finds a program on a PATH string, as a spawn would. */
export function findOnPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * Checks the tools the sandbox needs on the PATH the server will get, and (once per bubblewrap)
 * that it can open a user and network namespace here.
 */
export function sandboxAvailability(
  path: string | undefined,
  platform: NodeJS.Platform = process.platform,
): SandboxAvailability {
  if (platform === 'darwin') return { ok: true };
  if (platform !== 'linux')
    return {
      ok: false,
      missing: [],
      reason: `the sandbox is not available on ${platform === 'win32' ? 'Windows' : platform}`,
      action:
        'Set "sandbox": false on this entry to run it without a sandbox, or run it on Linux or macOS',
    };
  const found = LINUX_TOOLS.map((t) => [t, findOnPath(t, path)] as const);
  const missing = found.filter(([, at]) => !at).map(([t]) => PACKAGE[t]);
  if (missing.length > 0)
    return {
      ok: false,
      missing,
      reason: `the sandbox needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed (not found on PATH)`,
      action: `Install ${missing.join(', ')} (Debian and Ubuntu: ${APT}), or run this server without the sandbox`,
    };
  const bwrap = found[0][1]!;
  if (!probed.has(bwrap)) probed.set(bwrap, namespaceProblem(bwrap));
  const problem = probed.get(bwrap);
  if (problem)
    return {
      ok: false,
      missing: ['user namespaces'],
      reason: `bubblewrap cannot create a sandbox here: ${problem}`,
      action:
        'Allow unprivileged user namespaces (Ubuntu 24.04+: an AppArmor profile for bwrap, or sysctl kernel.apparmor_restrict_unprivileged_userns=0), or run this server without the sandbox',
    };
  return { ok: true, bwrap };
}

function namespaceProblem(bwrap: string): string | undefined {
  const r = spawnSync(
    bwrap,
    ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net', '--unshare-pid', 'true'],
    { encoding: 'utf8', timeout: 10_000 },
  );
  if (r.status === 0) return undefined;
  return (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0];
}
