// Every reason a test may skip, in one place. Each is something outside Lena that a developer's
// machine may lack; a test that needs it skips there and prints why. Under CI none applies: the
// test runs and fails when what it needs is missing (scripts/test-all.mjs also fails a CI run that
// skipped anything). Something of Lena's that is missing or broken is never a reason to skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sandboxAvailability } from '../electron/core/mcp/transports/sandbox/availability';
import { findChromium } from './e2e/find-chromium';

/** Whether this is a CI run (CI set, and not to "false" or "0"), where nothing may skip. */
export const UNDER_CI = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!);

/** The `script` command (util-linux), which gives a child process a pseudo-terminal. */
export const SCRIPT_COMMAND = ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p));

const REASONS = {
  'no-browser': {
    applies: () => findChromium() === null,
    says: 'no Chrome or Chromium found (install one, or set LENA_CHROMIUM to its path)',
  },
  'no-user-namespaces': {
    applies: () => spawnSync('unshare', ['--user', '--map-root-user', 'true']).status !== 0,
    says: 'this machine cannot create user namespaces (`unshare --user --map-root-user true` fails)',
  },
  'no-sandbox': {
    applies: () => !sandboxAvailability(process.env.PATH).ok,
    says: 'this machine cannot run the server sandbox (bubblewrap, socat, ripgrep and user namespaces; `apt install bubblewrap socat ripgrep`)',
  },
  'not-posix': {
    applies: () => process.platform === 'win32',
    says: 'POSIX process groups, signals and file modes do not exist on Windows',
  },
  'not-root': {
    applies: () => process.getuid?.() !== 0,
    says: 'only root can start a process as another user, which this test needs',
  },
  'no-terminal-command': {
    applies: () => SCRIPT_COMMAND === undefined,
    says: 'no `script` command to run the CLI on a terminal (install util-linux)',
  },
} satisfies Record<string, { applies: () => boolean; says: string }>;

export type SkipReason = keyof typeof REASONS;

const printed = new Set<SkipReason>();

/**
 * True when one of `reasons` applies on this machine (never under CI); prints each that applies,
 * once per test file, so a skip always says why.
 */
export function skipWhen(...reasons: SkipReason[]): boolean {
  if (UNDER_CI) return false;
  const applying = reasons.filter((r) => REASONS[r].applies());
  for (const r of applying) {
    if (printed.has(r)) continue;
    printed.add(r);
    console.warn(`skipped (${r}): ${REASONS[r].says}`);
  }
  return applying.length > 0;
}

/** What a reason says, for code that reports a skip itself (the benchmarks). */
export function skipReasonText(reason: SkipReason): string {
  return REASONS[reason].says;
}
