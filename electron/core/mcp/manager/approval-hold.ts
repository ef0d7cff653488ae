// Why a project server waits for approval, worded so the user can act on it: the window's
// Approve button, or the exact `lena mcp approve …` command to run.
import type { ServerEntry } from '../../../../shared/server-config';
import { entryReferences } from '../config/references';
import type { ApprovalCheck } from './types';

const shellQuote = (arg: string) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;

/** `lena mcp approve NAME --project DIR [--grant REF]…`, quoted for a POSIX shell. */
export function approveCommand(
  name: string,
  projectDir: string,
  grants: readonly string[] = [],
): string {
  return [
    'lena',
    'mcp',
    'approve',
    name,
    '--project',
    projectDir,
    ...grants.flatMap((g) => ['--grant', g]),
  ]
    .map(shellQuote)
    .join(' ');
}

/**
 * The references a project server was granted and whether the user turned its default sandbox off
 * (when) once it may start; otherwise the message its `needs-approval` status shows.
 */
export async function projectHold(
  approvals: ApprovalCheck | undefined,
  projectDir: string | undefined,
  name: string,
  entry: ServerEntry,
  hash: string,
): Promise<{ grants: string[]; sandboxOffAt: string | null } | { message: string }> {
  const approved =
    projectDir !== undefined &&
    approvals !== undefined &&
    (await approvals.isApproved(projectDir, name, hash));
  if (!approved || projectDir === undefined) {
    const how =
      projectDir === undefined
        ? 'approve it in Servers'
        : `approve it in Servers, or run: ${approveCommand(name, projectDir)}`;
    return { message: `A project server starts only after you approve its command; ${how}` };
  }
  const grants = [...((await approvals?.grants?.(projectDir, name, hash)) ?? [])];
  const missing = entryReferences(entry).filter((r) => !grants.includes(r.key));
  if (missing.length === 0)
    return {
      grants,
      sandboxOffAt: (await approvals?.sandboxOff?.(projectDir, name, hash)) ?? null,
    };
  return {
    message: `It references ${missing.map((r) => r.token).join(', ')}, which you have not granted to this project server; approve it again with ${missing.length === 1 ? 'it' : 'them'} ticked, or run: ${approveCommand(
      name,
      projectDir,
      missing.map((r) => r.key),
    )}`,
  };
}
