// The terminal's review of tools held back from Claude (new since the server was approved, or
// changed since the user accepted them): each one's change, field by field, then accepted, as on
// the server's page in the window. `lena mcp accept` and `lena chat --interactive` share it.
import type { ServersService } from '../core/host/services/servers';
import { indent, type Output } from './output';

export interface HeldTool {
  name: string;
  description: string | undefined;
  kind: 'new' | 'changed';
}

/** The server's tools that wait for the user, new ones first; `only` narrows to one tool. */
export function heldTools(servers: ServersService, server: string, only?: string): HeldTool[] {
  const pending = servers.availability(server);
  return [
    ...pending.new.map((t) => ({ name: t.name, description: t.description, kind: 'new' as const })),
    ...pending.held.map((t) => ({
      name: t.name,
      description: t.description,
      kind: 'changed' as const,
    })),
  ].filter((t) => only === undefined || t.name === only);
}

/**
 * Shows each held tool and accepts it: after a "y" from `ask` when given (a terminal), else all
 * shown (--yes). Returns the names accepted. `say` is where the review is written.
 */
export async function reviewHeld(
  servers: ServersService,
  say: Output['info'],
  server: string,
  waiting: readonly HeldTool[],
  ask?: (question: string) => Promise<string>,
): Promise<string[]> {
  const accepted: string[] = [];
  for (const t of waiting) {
    say(
      `${server} › ${t.name}: ${t.kind === 'new' ? 'new since you approved the server' : 'changed since you accepted it'}`,
    );
    if (t.kind === 'new') say(indent(`description: ${JSON.stringify(t.description ?? '')}`));
    for (const line of servers.heldChanges(server, t.name) ?? []) say(indent(line));
    if (ask && !(await ask('  Accept it? [y/N]: ')).trim().toLowerCase().startsWith('y')) {
      say('  left held');
      continue;
    }
    await servers.acceptTool(server, t.name);
    accepted.push(t.name);
    say('  accepted: offered to Claude from the next request');
  }
  return accepted;
}
