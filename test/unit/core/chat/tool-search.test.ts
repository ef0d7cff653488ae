// Step 3 of the request's tools with 500 real tool definitions (test/fixtures/tool-catalog):
// deferral engages only above the budget, the always-loaded and used tools stay loaded, and
// Lena's own search finds tools by plain words and loads them.
import { describe, expect, it } from 'vitest';
import type Anthropic from '@anthropic-ai/sdk';
import { buildRequestTools } from '../../../../electron/core/chat/request-tools';
import {
  CLIENT_SEARCH_TOOL,
  NEARBY,
  rankTools,
  runClientSearch,
  searchablesOf,
} from '../../../../electron/core/chat/tool-search/client-search';
import { Bm25Index, type SearchDocument } from '../../../../electron/core/chat/tool-search/bm25';
import { launchWords } from '../../../../electron/core/host/wiring';
import { ToolRegistry } from '../../../../electron/core/mcp/registry/registry';
import { estimateTokens, type AnthropicTool } from '../../../../electron/core/mcp/registry/schemas';
import {
  catalogServers,
  recordedServers,
  unseen2Servers,
  unseen3Servers,
  unseenServers,
} from '../../../fixtures/tool-catalog/catalog';

type Tool = Anthropic.Messages.Tool & { defer_loading?: boolean };

function registryOf(count: number): ToolRegistry {
  const registry = new ToolRegistry();
  for (const s of catalogServers(count)) registry.setServerTools(s.name, s.tools);
  return registry;
}
const hi = [{ role: 'user' as const, content: 'hi' }];
const names = (tools: unknown[]) =>
  (tools as Tool[]).filter((t) => !t.defer_loading).map((t) => t.name);

describe('deferral (step 3)', () => {
  const registry = registryOf(500);
  const total = registry.tools().reduce((n, t) => n + t.tokens, 0);

  it('changes nothing below the budget', () => {
    const plain = buildRequestTools({ registry, messages: hi });
    const below = buildRequestTools({
      registry,
      messages: hi,
      deferral: { budgetTokens: total, mode: 'native' },
    });
    expect(below.tools).toEqual(plain.tools);
    expect(below.deferral).toMatchObject({ engaged: false, loaded: 500, deferred: 0 });
  });

  it('defers every tool but the always-loaded and used ones above the budget, and adds the BM25 tool search tool', () => {
    const used = [
      { role: 'user' as const, content: 'post it' },
      {
        role: 'assistant' as const,
        content: [
          {
            type: 'tool_use' as const,
            id: 'toolu_1',
            name: 'mcp__slack__slack_post_message',
            input: {},
          },
        ],
      },
      {
        role: 'user' as const,
        content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_1', content: 'ok' }],
      },
    ];
    const { tools, deferral } = buildRequestTools({
      registry,
      messages: used,
      deferral: {
        budgetTokens: 20_000,
        mode: 'native',
        alwaysLoaded: new Set(['mcp__github__create_issue']),
      },
    });
    expect(tools[0]).toEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
    expect(names(tools.slice(1)).sort()).toEqual([
      'mcp__github__create_issue',
      'mcp__slack__slack_post_message',
    ]);
    expect((tools as Tool[]).filter((t) => t.defer_loading)).toHaveLength(498);
    expect(deferral).toMatchObject({ engaged: true, mode: 'native', loaded: 2, deferred: 498 });
    expect(deferral.tokens).toBeLessThan(deferral.allTokens / 10);
    // The cache breakpoint sits on a loaded tool, never on a deferred one.
    const cached = (tools as Array<Tool & { cache_control?: unknown }>).filter(
      (t) => t.cache_control,
    );
    expect(cached).toHaveLength(1);
    expect(cached[0].defer_loading).toBeUndefined();
  });

  it('keeps a tool a search result referenced defined but deferred: the reference resolves and the tools prefix stays', () => {
    const searched = [
      { role: 'user' as const, content: 'find a tool' },
      {
        role: 'assistant' as const,
        content: [
          {
            type: 'server_tool_use',
            id: 'srvtoolu_1',
            name: 'tool_search_tool_bm25',
            input: { query: 'geocode' },
          },
          {
            type: 'tool_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: {
              type: 'tool_search_tool_search_result',
              tool_references: [
                { type: 'tool_reference', tool_name: 'mcp__google-maps__maps_geocode' },
              ],
            },
          },
          { type: 'text', text: 'Found it.' },
        ],
      },
      { role: 'user' as const, content: 'now use it' },
    ] as Anthropic.Messages.MessageParam[];
    const deferral = { budgetTokens: 0, mode: 'native' as const };
    const { tools } = buildRequestTools({ registry, messages: searched, deferral });
    const geocode = tools.find((t) => (t as Tool).name === 'mcp__google-maps__maps_geocode');
    expect(geocode).toMatchObject({ defer_loading: true });
    expect(tools).toEqual(buildRequestTools({ registry, messages: hi, deferral }).tools);
  });

  it('in client mode sends only Lena’s search tool and the loaded tools', () => {
    const { tools, deferral } = buildRequestTools({
      registry,
      messages: hi,
      deferral: {
        budgetTokens: 0,
        mode: 'client',
        foundThisTurn: new Set(['mcp__kubernetes__kubectl_logs']),
      },
    });
    expect((tools as Tool[]).map((t) => t.name)).toEqual([
      CLIENT_SEARCH_TOOL,
      'mcp__kubernetes__kubectl_logs',
    ]);
    expect((tools as Tool[]).some((t) => t.defer_loading)).toBe(false);
    expect(deferral).toMatchObject({ engaged: true, mode: 'client', loaded: 1, deferred: 499 });
    // The search tool lists what it can load, by server (the loaded tool is not among them)…
    const description = (tools as Tool[])[0].description!;
    expect(description).toContain('\ngithub: create_or_update_file, search_repositories,');
    expect(description).toMatch(/\nkubernetes: [^\n]*kubectl_get/);
    expect(description).not.toMatch(/\nkubernetes: [^\n]*kubectl_logs/);
    // …and what it costs is counted: under 2 % of sending all 500 definitions.
    expect(deferral.tokens).toBeGreaterThan(estimateTokens([(tools as AnthropicTool[])[0]]));
    expect(deferral.tokens / deferral.allTokens).toBeLessThan(0.02);
  });

  it('lists only the servers and their counts when the names alone would be too long', () => {
    const many = new ToolRegistry();
    const tools = Array.from({ length: 1500 }, (_, i) => ({
      name: `tool_number_${i}_with_a_long_name`,
      inputSchema: { type: 'object' as const },
    }));
    many.setServerTools('huge', tools);
    const [search] = buildRequestTools({
      registry: many,
      messages: hi,
      deferral: { budgetTokens: 0, mode: 'client' },
    }).tools as Tool[];
    expect(search.description).toContain('The servers whose tools you can load: huge (1500).');
    expect(search.description).not.toContain('tool_number_7_');
  });
});

describe('Lena’s own tool search', () => {
  const registry = registryOf(500);
  const candidates = searchablesOf(registry.tools());

  it('returns the best matching definitions, both instances of one tool in one slot', () => {
    const slack = runClientSearch(
      'toolu_8',
      { query: 'post a message to a slack channel' },
      candidates,
    );
    expect(slack.found[0]).toBe('mcp__slack__slack_post_message');
    expect(String(slack.result.content)).toContain(
      '- mcp__slack__slack_post_message: [slack] Post a new message to a Slack channel',
    );
    expect(String(slack.result.content)).toContain('"channel_id"');
    // filesystem is in the catalog twice (a second instance): one slot, both servers' copies.
    const files = runClientSearch(
      'toolu_9',
      { query: 'show a recursive directory tree as JSON', limit: 1 },
      candidates,
    );
    expect([...files.found].sort()).toEqual([
      'mcp__filesystem-2__directory_tree',
      'mcp__filesystem__directory_tree',
    ]);
  });

  it('names the next best tools without loading them, and loads one searched for by its name', () => {
    const first = runClientSearch(
      'toolu_10',
      { query: 'click a button on the web page' },
      candidates,
    );
    const content = String(first.result.content);
    const named = content
      .split('Not loaded, but close (search for a name to load it): ')[1]
      .split(', ');
    expect(named).toHaveLength(NEARBY);
    for (const name of named) expect(first.found).not.toContain(name);
    expect(content).not.toContain(`- ${named[3]}:`);
    // The model picks one of the named tools and searches for its name: it is loaded first.
    const picked = runClientSearch('toolu_11', { query: named[3], limit: 1 }, candidates);
    expect(picked.found[0]).toBe(named[3]);
  });

  it('loads a tool asked for by the name the list gives it, in the forms a model writes', () => {
    const first = (query: string) =>
      runClientSearch('toolu_12', { query, limit: 1 }, candidates).found;
    expect(first('mcp__git__git_stash')).toEqual(['mcp__git__git_stash']);
    expect(first('git: git_stash')).toEqual(['mcp__git__git_stash']);
    expect(first('git/git_stash')).toEqual(['mcp__git__git_stash']);
    // A bare name is no request by name, but its words rank the tool first; a tool two servers
    // share loads both instances.
    expect(first('git_stash')).toEqual(['mcp__git__git_stash']);
    expect([...first('filesystem directory_tree')].sort()).toEqual([
      'mcp__filesystem-2__directory_tree',
      'mcp__filesystem__directory_tree',
    ]);
  });

  it('knows a server by what its configuration launches, and a name the user writes in two words', () => {
    const packages: Record<string, string> = {
      'playwright-ea': '@executeautomation/playwright-mcp-server',
      playwright: '@playwright/mcp',
    };
    const about = (server: string) =>
      launchWords({
        command: 'npx',
        args: ['-y', packages[server.replace(/-\d+$/, '')] ?? 'other-mcp'],
      });
    const withAbout = searchablesOf(registry.tools(), about);
    const top = (query: string, list = withAbout) =>
      rankTools(query, list, 3).map((g) => g[0].name.replace(/-\d+__/, '__'));
    expect(
      top('navigate to https://news.ycombinator.com with the ExecuteAutomation server')[0],
    ).toBe('mcp__playwright-ea__playwright_navigate');
    expect(
      top(
        'navigate to https://news.ycombinator.com with the ExecuteAutomation server',
        candidates,
      )[0],
    ).not.toBe('mcp__playwright-ea__playwright_navigate');
    expect(top('press Enter in Browser MCP')[0]).toBe('mcp__browsermcp__browser_press_key');
  });

  it('reads a URL or a path in the request as an argument, not as words of what the tool does', () => {
    const top = (query: string) =>
      rankTools(query, candidates, 5).map((g) => g[0].name.replace(/-\d+__/, '__'));
    // Notion's tools carry developers.notion.com links in their descriptions: the link's words must not pull them in.
    expect(
      top('go to https://developers.notion.com/reference/intro in the browser').some((n) =>
        n.includes('navigate'),
      ),
    ).toBe(true);
    expect(
      top('go to https://developers.notion.com/reference/intro in the browser').filter((n) =>
        n.startsWith('mcp__notion__'),
      ),
    ).toEqual([]);
    // A path's words ("notes", "kube-pods") are not what the user asks for.
    expect(top('read ~/notes/todo.txt for me')[0]).toBe('mcp__filesystem__read_file');
    expect(
      top('print the lines of ~/logs/kube-pods.log').filter((n) =>
        n.startsWith('mcp__kubernetes__'),
      ),
    ).toEqual([]);
  });

  it('reads everyday words the way tool authors write them, and no longer reads "cookies" as network traffic', () => {
    const top = (query: string) =>
      rankTools(query, candidates, 5).map((g) => g[0].name.replace(/-\d+__/, '__'));
    expect(top('rest the pointer on the Help icon so its tooltip shows')[0]).toMatch(/hover$/);
    expect(top('Which dbs are on this server?')).toContain('mcp__mongodb__list-databases');
    // An adverb is its adjective: "intermittently" finds the flaky-test tool ("intermittent" → flaky).
    expect(top('Were any checks failing intermittently on main?')).toContain(
      'mcp__circleci__find_flaky_tests',
    );
    expect(top('Press the Accept cookies button on the banner')[0]).toBe(
      'mcp__playwright__browser_click',
    );
    expect(
      top('Press the Accept cookies button on the banner').filter((n) => n.includes('network')),
    ).toEqual([]);
  });

  it("scores each server as a whole too, so a request in a server's words lifts the tool of it that fits", () => {
    const tools: SearchDocument[] = [
      {
        name: 'mcp__memory__create_entities',
        server: 'memory',
        description: 'Create entities in the knowledge graph',
      },
      {
        name: 'mcp__memory__add_observations',
        server: 'memory',
        description: 'Add observations to existing entities',
      },
      { name: 'mcp__memory__read_graph', server: 'memory', description: 'Read the whole graph' },
      { name: 'mcp__notes__read_note', server: 'notes', description: 'Read a note' },
      {
        name: 'mcp__notes__list_notes',
        server: 'notes',
        description: 'List the notes in a folder',
      },
    ];
    const ranked = (docs: SearchDocument[]) =>
      new Bm25Index(docs)
        .search('read back everything about entities and observations', 5)
        .map((h) => h.name);
    // Alone, the shorter "Read a note" wins the one shared word; with its server's words, the graph's reader does.
    const alone = ranked(tools.map(({ server: _server, ...t }) => t));
    expect(alone.indexOf('mcp__notes__read_note')).toBeLessThan(
      alone.indexOf('mcp__memory__read_graph'),
    );
    const together = ranked(tools);
    expect(together.indexOf('mcp__memory__read_graph')).toBeLessThan(
      together.indexOf('mcp__notes__read_note'),
    );
  });

  it('reads an email address as "email", and a calendar\'s everyday words as a calendar\'s (the unseen servers)', () => {
    const all = new ToolRegistry();
    for (const s of [...recordedServers(), ...unseenServers()])
      all.setServerTools(s.server, s.tools);
    const everyTool = searchablesOf(all.tools());
    const top = (query: string) => rankTools(query, everyTool, 5).map((g) => g[0].name);
    // "example" and "com" are the address's, not the request's: the address says mail.
    expect(top('Send a quick note to anna@example.com saying the invoice is paid')).toContain(
      'mcp__gmail__send_email',
    );
    // An appointment on a schedule is a calendar event, not a monitor's scheduled downtime.
    expect(top('Book a dentist appointment on my schedule for Thursday at 3')[0]).toMatch(
      /^mcp__google-calendar__.*event/,
    );
    // A message composed but not sent is a draft; "how long ago" is a relative time.
    expect(
      top(
        'Compose a note for sam@acme.com about the invoice but keep it unsent so I can check it',
      )[0],
    ).toBe('mcp__gmail__draft_email');
    expect(top('How long ago was March 3rd 2021, counted from now?')[0]).toBe(
      'mcp__time__relative_time',
    );
  });

  it("reads quoted text as what the tool is given, a to-do as a task, and an argument's choices as what a tool does", () => {
    const registry = new ToolRegistry();
    const text = { type: 'string' as const };
    registry.setServerTools('work', [
      {
        name: 'post_message',
        description: 'Post a message to a channel',
        inputSchema: { type: 'object', properties: { channel: text, text } },
      },
      {
        name: 'go_forward',
        description: 'Go forward one page in the browser history',
        inputSchema: { type: 'object' },
      },
      {
        name: 'create_event',
        description: 'Create a calendar event such as a meeting',
        inputSchema: { type: 'object', properties: { title: text } },
      },
      {
        name: 'create_task',
        description: 'Create a task in a project',
        inputSchema: { type: 'object', properties: { name: text } },
      },
      {
        name: 'create_issue',
        description: 'Create an issue',
        inputSchema: { type: 'object', properties: { title: text } },
      },
      {
        name: 'manage_channel',
        description: 'Manage a channel',
        inputSchema: {
          type: 'object',
          properties: {
            id: text,
            action: { type: 'string', enum: ['archive', 'rename', 'unarchive'] },
          },
        },
      },
    ]);
    const top = (query: string) =>
      rankTools(query, searchablesOf(registry.tools()), 3).map((g) => g[0].name);
    // The quote is the message: its "go forward" and "meeting" are not what the user asks for.
    expect(top("Say 'go forward with the meeting plan' in #general")[0]).toBe(
      'mcp__work__post_message',
    );
    expect(top('Say “go forward with the meeting plan” in #general')[0]).toBe(
      'mcp__work__post_message',
    );
    // "to-do" is two stop words apart, one word (todo → task) together.
    expect(top('Add a to-do for Friday: renew the domain')[0]).toBe('mcp__work__create_task');
    // Only the action argument's choices say the channel tool archives.
    expect(top('archive #old-team, it is not needed anymore')[0]).toBe('mcp__work__manage_channel');
  });

  it('reads the everyday words of phones, flights, API mocks, accounting and translation', () => {
    const all = new ToolRegistry();
    for (const s of [
      ...recordedServers(),
      ...unseenServers(),
      ...unseen2Servers(),
      ...unseen3Servers(),
    ])
      all.setServerTools(s.server, s.tools);
    const everyTool = searchablesOf(all.tools());
    const top = (query: string) => rankTools(query, everyTool, 5).map((g) => g[0].name);
    expect(top('Rotate the test phone to landscape so I can check the layout')[0]).toBe(
      'mcp__mobile__mobile_set_orientation',
    );
    expect(top('Which planes are over London right now?')[0]).toMatch(/^mcp__flightradar24__/);
    expect(
      top('Spin up a fake server for my Checkout API so the frontend can test against it')[0],
    ).toMatch(/^mcp__postman__.*Mock$/);
    expect(top('Bill Northwind Traders $2,400 for the March maintenance work')).toContain(
      'mcp__xero__create-invoice',
    );
    expect(
      top("How would you say 'Where is the train station?' in Japanese").filter((n) =>
        n.includes('translate'),
      ).length,
    ).toBeGreaterThan(0);
    // A number is an argument: the 2010 of a tool's API version is no sign that it sends messages.
    const versioned = new Bm25Index([
      { name: 'mcp__phone__Api2010CreateCall', description: 'Create a call (API 2010-04-01)' },
      { name: 'mcp__chat__send_message', description: 'Send a message to a person' },
    ]);
    expect(
      versioned.search('message 2010 people about the 04 01 release', 1).map((h) => h.name),
    ).toEqual(['mcp__chat__send_message']);
  });

  it('reads a tool definition again when its text changed under the same object', () => {
    const key = {};
    const other = { name: 'mcp__s__list_things', description: 'List the things', key: {} };
    const first = new Bm25Index([
      { name: 'mcp__s__fetch_item', description: 'Read an alpha report', key },
      other,
    ]);
    expect(first.search('alpha report', 1).map((h) => h.name)).toEqual(['mcp__s__fetch_item']);
    // The server changed the description under the same definition object: the new words count, the old ones do not.
    const second = new Bm25Index([
      { name: 'mcp__s__fetch_item', description: 'Read a beta summary', key },
      other,
    ]);
    expect(second.search('beta summary', 1).map((h) => h.name)).toEqual(['mcp__s__fetch_item']);
    expect(second.search('alpha report', 5)).toEqual([]);
  });

  it('answers a call without a query with an error the model can act on', () => {
    const { found, result } = runClientSearch('toolu_9', {}, candidates);
    expect(found).toEqual([]);
    expect(result).toMatchObject({
      is_error: true,
      content: expect.stringContaining('needs a "query"'),
    });
  });
});
