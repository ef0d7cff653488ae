// The rows of the composer's tools menu (issue 16), filtered (issues 24, tools at scale): one row per
// connected server (its switch for the whole server) followed by its tools. Pure, so the filter
// rule is tested without a window; the menu draws only the rows on screen.
import type { ConversationTools } from '../../../shared/chat/conversations';
import { serverOn, toolOn } from '../../../shared/conversation-tools';
import type { ToolInfo } from '../../../shared/server-types';

export interface ToolsMenuRow {
  key: string;
  server: string;
  tool?: ToolInfo;
  on: boolean;
  /** A tool of a server switched off: shown, not switchable until its server is on. */
  inert: boolean;
  /** On a server's row: how many of its tools are on, of how many (all of them, whatever the filter). */
  onCount?: number;
  count?: number;
}

export interface ToolsMenuRows {
  rows: ToolsMenuRow[];
  /** Tools that match the filter (all of them when there is none). */
  matched: number;
  /** Tools of the connected servers. */
  total: number;
}

const NONE: ToolInfo[] = [];

/** The filter's words, lower-cased; a tool matches when each is in its name, title or server. */
export const filterWords = (query: string): string[] =>
  query.toLowerCase().split(/\s+/).filter(Boolean);

const matches = (words: string[], ...fields: (string | null | undefined)[]): boolean => {
  const hay = fields.filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
};

/**
 * The menu's rows for `query`. A server's row stays above any of its tools that match (it says whose
 * they are, and its switch is there); a server whose name matches shows all its tools.
 */
export function toolsMenuRows(
  servers: string[],
  tools: (server: string) => ToolInfo[] | undefined,
  choice: ConversationTools | undefined,
  query = '',
): ToolsMenuRows {
  const words = filterWords(query);
  const rows: ToolsMenuRow[] = [];
  let matched = 0;
  let total = 0;
  for (const server of servers) {
    const list = tools(server) ?? NONE;
    total += list.length;
    const on = serverOn(server, choice);
    const shown =
      words.length === 0 ? list : list.filter((t) => matches(words, t.name, t.title, server));
    if (words.length > 0 && shown.length === 0 && !matches(words, server)) continue;
    matched += shown.length;
    const toolRows = shown.map((tool) => ({
      key: tool.qualifiedName,
      server,
      tool,
      on: on && toolOn(tool, choice),
      inert: !on,
    }));
    const onCount = on ? list.filter((t) => toolOn(t, choice)).length : 0;
    rows.push({ key: server, server, on, inert: false, onCount, count: list.length }, ...toolRows);
  }
  return { rows, matched, total };
}

/** What a row is called, to screen readers and in the list. */
export const rowLabel = (row: ToolsMenuRow): string =>
  row.tool ? (row.tool.title ?? row.tool.name) : `All tools of ${row.server}`;

/** Where the server rows are in `rows`, in order. */
export const serverRowIndexes = (rows: readonly ToolsMenuRow[]): number[] =>
  rows.flatMap((r, i) => (r.tool ? [] : [i]));

/** The server row at or above row `index`: the one whose tools are at the top of the list. */
export function headerAbove(serverRows: readonly number[], index: number): number {
  let found = 0;
  for (const i of serverRows) {
    if (i > index) break;
    found = i;
  }
  return found;
}
