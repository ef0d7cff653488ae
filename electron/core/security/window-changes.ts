// Changes the window asks for that would run a new program or send the API key somewhere new.
// The window is the least trusted part of Lena (it shows server-provided text); if its page were
// ever compromised it could add a stdio server and have it started, or point baseUrl at a
// collector. So main asks the user once, in a native dialog the page cannot draw or click, before
// such a change takes effect. This module decides what needs asking and words the question; main
// only shows it.
import { parseJsonWithPosition } from '../../../shared/config/json-position';
import { invokeChannels, isInvokeChannel } from '../../../shared/contract';

export type WindowChange =
  | {
      kind: 'stdio-command';
      server: string;
      action: 'add' | 'change' | 'test' | 'save';
      command: string;
      args: string[];
      cwd: string | null;
      envNames: string[];
      key: string;
    }
  | { kind: 'base-url'; url: string; key: string };

/** What is already known to the user, and the current baseUrl. */
export interface KnownChanges {
  /** Launches in the user's own mcp.json, or confirmed before. */
  confirmed: ReadonlySet<string>;
  /**
   * Launches in the open project's .mcp.json. They count only for saving that file again (its
   * entries still need the project approval to run); anywhere else a project file's command is
   * not the user's, or a planted command could be copied to user scope and run unasked.
   */
  inProjectFile?: ReadonlySet<string>;
  baseUrl: string | null;
}

/** The channels whose arguments can carry such a change (main skips the others at once). */
export const CONFIRMED_CHANNELS: ReadonlySet<string> = new Set([
  'servers:add',
  'servers:update',
  'servers:test',
  'servers:save-config-file',
  'settings:update',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The identity of a stdio launch: the program, its arguments, folder and environment; null for remote entries. */
export function launchKey(entry: unknown): string | null {
  if (!isObject(entry) || typeof entry.command !== 'string') return null;
  const env = isObject(entry.env)
    ? Object.entries(entry.env)
        .map(([k, v]) => [k, String(v)])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    : [];
  return JSON.stringify([
    'stdio',
    entry.command.trim(),
    strings(entry.args),
    typeof entry.cwd === 'string' ? entry.cwd : null,
    env,
  ]);
}

export const baseUrlKey = (url: string): string => JSON.stringify(['base-url', url.trim()]);

/** Launch keys of every stdio entry in `.mcp.json`-style texts (the files as they are on disk). */
export function configuredLaunchKeys(texts: readonly (string | null)[]): string[] {
  return texts.flatMap((text) =>
    Object.values(serversOf(text))
      .map(launchKey)
      .filter((k): k is string => k !== null),
  );
}

function serversOf(text: string | null): Record<string, unknown> {
  if (!text?.trim()) return {};
  const parsed = parseJsonWithPosition(text);
  return parsed.ok && isObject(parsed.value) && isObject(parsed.value.mcpServers)
    ? parsed.value.mcpServers
    : {};
}

function stdioChange(
  server: string,
  action: 'add' | 'change' | 'test' | 'save',
  entry: unknown,
  known: KnownChanges,
): WindowChange[] {
  const key = launchKey(entry);
  if (!key || known.confirmed.has(key) || !isObject(entry)) return [];
  const envNames = isObject(entry.env) ? Object.keys(entry.env).sort() : [];
  return [
    {
      kind: 'stdio-command',
      server,
      action,
      command: String(entry.command).trim(),
      args: strings(entry.args),
      cwd: typeof entry.cwd === 'string' ? entry.cwd : null,
      envNames,
      key,
    },
  ];
}

/** What a call on `channel` with `args` would introduce that the user has not seen yet. */
export function changesToConfirm(
  channel: string,
  rawArgs: unknown,
  known: KnownChanges,
): WindowChange[] {
  if (!CONFIRMED_CHANNELS.has(channel) || !isInvokeChannel(channel)) return [];
  // Arguments the call would refuse anyway get their error from it, not a question first.
  const parsed = invokeChannels[channel].args.safeParse(rawArgs);
  if (!parsed.success || !isObject(parsed.data)) return [];
  const args: Record<string, unknown> = parsed.data;
  const name = typeof args.name === 'string' ? args.name : '';
  switch (channel) {
    case 'servers:add':
      return stdioChange(name, 'add', args.entry, known);
    case 'servers:update':
      return stdioChange(name, 'change', args.entry, known);
    case 'servers:test':
      return stdioChange(name, 'test', args.entry, known);
    case 'servers:save-config-file': {
      const seen =
        args.scope === 'project'
          ? { ...known, confirmed: new Set([...known.confirmed, ...(known.inProjectFile ?? [])]) }
          : known;
      return Object.entries(serversOf(typeof args.text === 'string' ? args.text : null)).flatMap(
        ([server, entry]) => stdioChange(server, 'save', entry, seen),
      );
    }
    case 'settings:update': {
      const url = typeof args.baseUrl === 'string' ? args.baseUrl.trim() : null;
      if (!url || url === known.baseUrl || known.confirmed.has(baseUrlKey(url))) return [];
      return [{ kind: 'base-url', url, key: baseUrlKey(url) }];
    }
    default:
      return [];
  }
}

/** A shell-like rendering of a command line, quoting what would be ambiguous. */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (s: string) => (s === '' || /[\s"'\\$`]/.test(s) ? JSON.stringify(s) : s);
  return [command, ...args].map(quote).join(' ');
}

export interface ConfirmationPrompt {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  /** Cancel is the default and what Escape or closing the dialog answers. */
  defaultId: number;
  cancelId: number;
  /** The index of the button that allows the change. */
  allowId: number;
  noLink: true;
}

const VERBS = {
  add: 'add the MCP server',
  change: 'change the MCP server',
  test: 'test the MCP server',
  save: 'save the MCP server',
} as const;

/** The native dialog's text for `changes` (one dialog for all of them). */
export function confirmationPrompt(changes: readonly WindowChange[]): ConfirmationPrompt {
  const commands = changes.filter((c) => c.kind === 'stdio-command');
  const urls = changes.filter((c) => c.kind === 'base-url');
  const parts: string[] = [];
  for (const c of commands) {
    const lines = [
      `The window asks to ${VERBS[c.action]} "${c.server}", which Lena will start as:`,
      `    ${commandLine(c.command, c.args)}`,
    ];
    if (c.cwd) lines.push(`    in ${c.cwd}`);
    if (c.envNames.length) lines.push(`    with the variables ${c.envNames.join(', ')}`);
    parts.push(lines.join('\n'));
  }
  for (const c of urls)
    parts.push(
      `The window asks to send your Anthropic API key and your conversations to:\n    ${c.url}`,
    );
  parts.push(
    commands.length
      ? 'A command runs with your permissions and can read and change your files. Allow only what you have just entered yourself.'
      : 'Allow only an address you have just entered yourself.',
  );
  return {
    type: 'warning',
    title: 'Lena',
    message: commands.length
      ? commands.length === 1
        ? 'Run this command on your computer?'
        : `Run these ${commands.length} commands on your computer?`
      : 'Send your API key to this address?',
    detail: parts.join('\n\n'),
    buttons: ['Cancel', 'Allow'],
    defaultId: 0,
    cancelId: 0,
    allowId: 1,
    noLink: true,
  };
}

/** The error the window gets when the user declines: nothing was saved or run. */
export function declinedMessage(changes: readonly WindowChange[]): string {
  const what = changes
    .map((c) => (c.kind === 'base-url' ? `the base URL ${c.url}` : `the command for "${c.server}"`))
    .join(', ');
  return `Not done: you did not allow ${what} in Lena's confirmation dialog. Nothing was saved or started.`;
}
