// The composer's `/mcp` commands: parsing what was typed and completing what is being typed.
import { splitCommandLine } from './command-line';

export type SlashCommand =
  | { kind: 'status' }
  | { kind: 'reload'; name?: string }
  | { kind: 'add'; name: string; command: string; args: string[] }
  | { kind: 'remove'; name: string }
  | { kind: 'error'; message: string };

const USAGE = 'Use /mcp, /mcp reload [NAME], /mcp add NAME COMMAND [ARGS…] or /mcp remove NAME.';

/** Whether the composer text is a slash command (and not a message that starts with "/"). */
export function isSlashCommand(text: string): boolean {
  return /^\/mcp(\s|$)/.test(text.trim());
}

/** Parses `/mcp …`; arguments follow shell quoting so a path with spaces can be quoted. */
export function parseSlashCommand(text: string): SlashCommand {
  const split = splitCommandLine(text.trim());
  if (!split.ok) return { kind: 'error', message: split.error };
  const [head, sub, ...rest] = split.words;
  if (head !== '/mcp') return { kind: 'error', message: `Unknown command ${head}. ${USAGE}` };
  if (sub === undefined) return { kind: 'status' };
  if (sub === 'reload') {
    if (rest.length > 1)
      return { kind: 'error', message: `/mcp reload takes at most one server name. ${USAGE}` };
    return rest[0] ? { kind: 'reload', name: rest[0] } : { kind: 'reload' };
  }
  if (sub === 'add') {
    const [name, command, ...args] = rest;
    if (!name || !command)
      return {
        kind: 'error',
        message: `/mcp add needs a name and a command, e.g. /mcp add memory npx -y @modelcontextprotocol/server-memory`,
      };
    return { kind: 'add', name, command, args };
  }
  if (sub === 'remove') {
    if (rest.length !== 1)
      return { kind: 'error', message: `/mcp remove needs exactly one server name. ${USAGE}` };
    return { kind: 'remove', name: rest[0] };
  }
  return { kind: 'error', message: `Unknown /mcp command "${sub}". ${USAGE}` };
}

/** Completions for the text typed so far: whole replacement lines, best first. */
export function completeSlashCommand(text: string, serverNames: readonly string[]): string[] {
  if (!text.startsWith('/')) return [];
  const subs = ['reload', 'add', 'remove'];
  if ('/mcp'.startsWith(text) && text !== '/mcp ') return ['/mcp', ...subs.map((s) => `/mcp ${s}`)];
  const m = /^\/mcp (\S*)$/.exec(text);
  if (m) return subs.filter((s) => s.startsWith(m[1]) && s !== m[1]).map((s) => `/mcp ${s}`);
  const n = /^\/mcp (reload|remove) (\S*)$/.exec(text);
  if (n)
    return serverNames
      .filter((s) => s.startsWith(n[2]) && s !== n[2])
      .map((s) => `/mcp ${n[1]} ${s}`);
  return [];
}
