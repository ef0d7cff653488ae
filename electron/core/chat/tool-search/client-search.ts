// Lena's own tool search, offered where the endpoint refuses Anthropic's (a proxy, another base
// URL). The model calls `lena_tool_search` with a query: the product or service and the action in
// the service's words ("slack post message"), or a tool's name. A tool asked for by name comes
// first (namedIn); the rest are ranked by BM25 over their definitions (bm25.ts). The best
// definitions are answered and the engine loads (sends normally) them for the rest of the turn,
// so the model can call them in its next round; the next ten are named for a second search.
import type Anthropic from '@anthropic-ai/sdk';
import type { RegisteredTool } from '../../mcp/registry/registry';
import { Bm25Index, type SearchDocument } from './bm25';

type Tool = Anthropic.Messages.Tool;
type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

export const CLIENT_SEARCH_TOOL = 'lena_tool_search';
export const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 10;
/** How many more tools a search names without loading them. */
export const NEARBY = 10;

export const CLIENT_SEARCH_DEFINITION: Tool = {
  name: CLIENT_SEARCH_TOOL,
  description:
    'Many of the user\'s tools are not loaded, to save context. Search them by naming the product or service and the action, in the service\'s own words (e.g. "slack post message", "github search code"), or load a tool by its full name (mcp__<server>__<name>, or <server>/<name>). The best matching tools are loaded and can be called right after this returns, and the next best are named. If none fits, load a named one or search again with other words.',
  input_schema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description:
          'The product or service and the action, in its own words ("github create issue"), or a tool\'s full name.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_RESULTS,
        description: `How many tools to load (default ${DEFAULT_RESULTS}).`,
      },
    },
    required: ['query'],
  },
};

/** The catalog of names is left out above this many characters (about 4,000 tokens): servers and counts only. */
const CATALOG_MAX_CHARS = 16_000;

/**
 * Lena's search tool for one request: its fixed text, then the names of the tools it can load,
 * grouped by server (a few tokens each, in the manner of Claude Code's deferred-tool list), so the
 * model can ask for a tool by its name instead of guessing the words of its description. With
 * too many names for that, the servers and how many tools each has.
 */
export function clientSearchDefinition(
  deferred: readonly { name: string; server?: string }[],
): Tool {
  if (deferred.length === 0) return CLIENT_SEARCH_DEFINITION;
  const byServer = new Map<string, string[]>();
  for (const d of deferred) {
    const server = d.server ?? '';
    const prefix = `mcp__${server}__`;
    const list = byServer.get(server) ?? [];
    list.push(server && d.name.startsWith(prefix) ? d.name.slice(prefix.length) : d.name);
    byServer.set(server, list);
  }
  const full = [...byServer]
    .map(([server, names]) => `${server || 'other'}: ${names.join(', ')}`)
    .join('\n');
  const catalog =
    full.length <= CATALOG_MAX_CHARS
      ? `The tools you can load (server: names; a tool's full name is mcp__<server>__<name>):\n${full}`
      : `The servers whose tools you can load: ${[...byServer].map(([server, names]) => `${server || 'other'} (${names.length})`).join(', ')}.`;
  return {
    ...CLIENT_SEARCH_DEFINITION,
    description: `${CLIENT_SEARCH_DEFINITION.description}\n${catalog}`,
  };
}

/** What the search ranks: the definition's name, description, argument names, descriptions and choices (enum), plus the MCP title. */
export interface Searchable {
  name: string;
  title?: string | null;
  definition: Tool;
  /**
   * The same tool on several servers (two instances of one server) shares a key; they take one
   * result slot together, so a second account's copies never crowd out other tools.
   */
  sameAs?: string;
  /** Its server and the tool's own name, so it can be asked for as "github: create_issue". */
  server?: string;
  tool?: string;
  /** What the user's configuration calls its server (tool-runner's ToolExecutor.about). */
  serverAbout?: string;
}

/** Registered tools as search candidates; copies of one tool on two servers share `sameAs`. */
export function searchablesOf(
  tools: readonly RegisteredTool[],
  about?: (server: string) => string | undefined,
): Searchable[] {
  return tools.map((t) => ({
    serverAbout: about?.(t.server),
    name: t.qualifiedName,
    title: t.tool.title ?? t.tool.annotations?.title ?? null,
    definition: t.definition,
    sameAs: `${t.tool.name}\u0000${t.tool.description ?? ''}\u0000${JSON.stringify(t.tool.inputSchema ?? null)}`,
    server: t.server,
    tool: t.tool.name,
  }));
}

/** The best `limit` distinct tools for `query`, each with every server's copy of it. */
export function rankTools(
  query: string,
  candidates: readonly Searchable[],
  limit: number,
): Searchable[][] {
  const byName = new Map(candidates.map((c) => [c.name, c]));
  const ranked = new Bm25Index(candidates.map(searchDocument)).search(query, candidates.length);
  // A tool asked for by name (as the search tool's list or a result's "close" list names it)
  // comes first; several named tools keep BM25's order among them.
  const named = new Set(namedIn(query, candidates));
  const hits = [
    ...ranked.filter((h) => named.has(h.name)),
    ...[...named].map((name) => ({ name })),
    ...ranked,
  ];
  const groups = new Map<string, Searchable[]>();
  for (const h of hits) {
    const c = byName.get(h.name)!;
    const key = c.sameAs ?? c.name;
    const group = groups.get(key);
    if (group) {
      if (!group.includes(c)) group.push(c);
    } else if (groups.size < limit) groups.set(key, [c]);
  }
  return [...groups.values()];
}

/** Quoted text: "…", “…”, ‘…’, or '…' (an apostrophe inside a word opens no quote). */
const QUOTED =
  /"([^"]+)"|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019|(?<![A-Za-z0-9])'([^']+)'(?![A-Za-z0-9])/g;

/**
 * The tools a query asks for by name, which come first whatever BM25 makes of their words. A name
 * is a request only where it cannot be an ordinary word: a full name (mcp__github__search_code),
 * a server and a name joined by "/" or ":" ("github/search_code", "github:search_code",
 * "github: search_code" as the search tool's list writes them), or a tool's name in quotes
 * ("search" loads every server's tool called search). Unquoted, "search", "find" or "query" is a
 * word of the request even where some server has a tool of that name.
 */
function namedIn(query: string, candidates: readonly Searchable[]): string[] {
  const full = new Map<string, string>();
  const paired = new Map<string, string>();
  const bare = new Map<string, string[]>();
  for (const c of candidates) {
    full.set(c.name, c.name);
    if (c.server && c.tool) paired.set(`${c.server}\u0000${c.tool}`, c.name);
    if (c.tool) bare.set(c.tool, [...(bare.get(c.tool) ?? []), c.name]);
  }
  const out: string[] = [];
  const add = (names: readonly string[]) => {
    for (const name of names) if (!out.includes(name)) out.push(name);
  };
  /** The tools one text names: a full name, or server/name, in each of its tokens. */
  const scan = (text: string, whole: boolean) => {
    const tokens = text
      .split(/[\s,;]+/)
      .map((t) => t.replace(/^[([{<]+|[)\]}>.,!?]+$/g, ''))
      .filter(Boolean);
    if (whole) {
      const name = tokens.join(' ');
      add(bare.get(name) ?? []);
    }
    tokens.forEach((t, i) => {
      const pair = /^([^/:]+)[/:]([^/:]+)$/.exec(t);
      const afterServer = i > 0 && tokens[i - 1].endsWith(':') ? tokens[i - 1].slice(0, -1) : '';
      const name =
        full.get(t) ??
        (pair ? paired.get(`${pair[1]}\u0000${pair[2]}`) : undefined) ??
        (afterServer ? paired.get(`${afterServer}\u0000${t}`) : undefined);
      if (name) add([name]);
    });
  };
  const unquoted = query.replace(QUOTED, (_m, ...texts: (string | undefined)[]) => {
    scan(texts.slice(0, 4).find((t) => t !== undefined) ?? '', true);
    return ' ';
  });
  scan(unquoted, false);
  return out;
}

export function searchDocument(t: Searchable): SearchDocument {
  const properties =
    (t.definition.input_schema as { properties?: Record<string, { description?: unknown }> })
      .properties ?? {};
  const described = Object.values(properties).map((p) =>
    p && typeof p.description === 'string' ? p.description : '',
  );
  const argText = [...described, ...enumValues(t.definition.input_schema)].join(' ');
  return {
    name: t.name,
    title: t.title ?? undefined,
    description: t.definition.description,
    argNames: Object.keys(properties),
    argText,
    serverText: t.serverAbout,
    server: t.server,
    key: t.definition,
  };
}

/**
 * The strings an argument may take (`enum`), at any depth: one tool with an action or a mode
 * argument does several things, and these are their names ("driving", "walking", "archive").
 */
function enumValues(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const s = schema as {
    enum?: unknown;
    items?: unknown;
    properties?: unknown;
    anyOf?: unknown;
    oneOf?: unknown;
  };
  const own = Array.isArray(s.enum) ? s.enum.filter((e): e is string => typeof e === 'string') : [];
  const inner = [
    s.items,
    ...Object.values(s.properties && typeof s.properties === 'object' ? s.properties : {}),
    ...(Array.isArray(s.anyOf) ? s.anyOf : []),
    ...(Array.isArray(s.oneOf) ? s.oneOf : []),
  ];
  return [...own, ...inner.flatMap((v) => enumValues(v, depth + 1))];
}

export interface ClientSearchOutcome {
  /** Tools to load for the rest of the turn. */
  found: string[];
  result: ToolResultBlock;
}

/** Answers one `lena_tool_search` call against `candidates` (the tools not loaded). */
export function runClientSearch(
  toolUseId: string,
  input: unknown,
  candidates: readonly Searchable[],
): ClientSearchOutcome {
  const { query, limit } = (input ?? {}) as { query?: unknown; limit?: unknown };
  if (typeof query !== 'string' || query.trim() === '')
    return {
      found: [],
      result: {
        type: 'tool_result',
        tool_use_id: toolUseId,
        is_error: true,
        content:
          'lena_tool_search needs a "query": the product or service and the action, e.g. "github create issue".',
      },
    };
  const count =
    typeof limit === 'number' && Number.isInteger(limit)
      ? Math.min(Math.max(limit, 1), MAX_RESULTS)
      : DEFAULT_RESULTS;
  const groups = rankTools(query, candidates, count + NEARBY);
  const hits = groups.slice(0, count).flat();
  if (hits.length === 0)
    return {
      found: [],
      result: {
        type: 'tool_result',
        tool_use_id: toolUseId,
        content: `No tool matches "${query}". Try other words, or answer without a tool.`,
      },
    };
  const lines = hits.map(
    ({ definition: d }) =>
      `- ${d.name}: ${d.description ?? ''}\n  input: ${JSON.stringify(d.input_schema)}`,
  );
  // The next best are named, not loaded (a few tokens each): when none of the loaded tools fits,
  // the model can load one of these by searching for its name instead of guessing new words.
  const nearby = groups.slice(count).map((g) => g[0].name);
  const more = nearby.length
    ? `\nNot loaded, but close (search for a name to load it): ${nearby.join(', ')}`
    : '';
  return {
    found: hits.map((h) => h.name),
    result: {
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: `Loaded ${hits.length} tools; call them directly:\n${lines.join('\n')}${more}`,
    },
  };
}
