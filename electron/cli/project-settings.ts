// A project's `.lena/settings.json` as the command line reads it: the same reader as the window
// (core/permissions/scopes), so its deny and ask rules apply to `lena chat --project` and
// `lena mcp call --project`. A file that exists but cannot be used stops the command (exit 3)
// before any server starts: its deny rules are unknown, so nothing of the project may run.
import { readProjectPermissions } from '../core/permissions/scopes';
import type { PermissionLists } from '../core/permissions/types';
import { configError } from './config-check';
import type { Output } from './output';

/** The project's rules; warnings (an allow rule a project may not set) go to stderr. */
export async function projectRules(projectDir: string, out: Output): Promise<PermissionLists> {
  const read = await readProjectPermissions(projectDir);
  const at = read.problemAt;
  if (at) {
    const where = at.line !== undefined ? `${at.file}:${at.line}:${at.column}` : at.file;
    const message = `${where}: the project's settings file ${at.reason}. Its deny and ask rules cannot be applied, so none of the project's servers start.`;
    throw configError([
      {
        file: at.file,
        ...(at.line !== undefined ? { line: at.line, column: at.column } : {}),
        message,
      },
    ]);
  }
  for (const warning of read.warnings) out.warn(`lena: warning: ${warning}`);
  return read.lists;
}
