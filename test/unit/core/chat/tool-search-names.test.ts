// When Lena's own tool search takes a query as a request for a tool by name (that tool comes
// first): only a full name, a server and a name joined by "/" or ":", or a quoted name. A word
// that happens to be some server's whole tool name ("search", "find", "query", "explain") is a
// word of the request, ranked by what the tools do.
import { describe, expect, it } from 'vitest';
import {
  rankTools,
  runClientSearch,
  searchablesOf,
} from '../../../../electron/core/chat/tool-search/client-search';
import { ToolRegistry } from '../../../../electron/core/mcp/registry/registry';
import { recordedServers } from '../../../fixtures/tool-catalog/catalog';

const object = { type: 'object' as const, properties: { query: { type: 'string' } } };

/** github's search tools, and a documentation server whose one tool is called plain "search". */
function small(extra: Record<string, string> = {}) {
  const registry = new ToolRegistry();
  registry.setServerTools('github', [
    {
      name: 'search_code',
      description: 'Search for code across GitHub repositories',
      inputSchema: object,
    },
    {
      name: 'search_issues',
      description: 'Search for issues and pull requests across GitHub repositories',
      inputSchema: object,
    },
    {
      name: 'create_issue',
      description: 'Create a new issue in a GitHub repository',
      inputSchema: object,
    },
  ]);
  registry.setServerTools('docs', [
    { name: 'search', description: 'Look up pages of the team handbook', inputSchema: object },
  ]);
  for (const [server, description] of Object.entries(extra))
    registry.setServerTools(server, [{ name: 'search', description, inputSchema: object }]);
  return searchablesOf(registry.tools());
}

/** The tools the search loads, best first (one per slot). */
const firsts = (query: string, candidates: ReturnType<typeof small>, limit = 3) =>
  rankTools(query, candidates, limit).map((group) => group[0].name);

describe('a tool asked for by name', () => {
  it('does not take a word that is some tool’s whole name as a request for that tool', () => {
    const candidates = small();
    expect(firsts('github search code', candidates)[0]).toBe('mcp__github__search_code');
    expect(firsts('search github issues', candidates)[0]).toBe('mcp__github__search_issues');
  });

  it('loads a tool by its full name, as server/name or server: name, or by its name in quotes', () => {
    const candidates = small();
    expect(firsts('mcp__docs__search', candidates)[0]).toBe('mcp__docs__search');
    expect(firsts('github/search_code', candidates)[0]).toBe('mcp__github__search_code');
    expect(firsts('docs/search', candidates)[0]).toBe('mcp__docs__search');
    expect(firsts('docs: search', candidates)[0]).toBe('mcp__docs__search');
    expect(firsts('"search"', candidates)[0]).toBe('mcp__docs__search');
    expect(firsts('load \u201ccreate_issue\u201d', candidates)[0]).toBe(
      'mcp__github__create_issue',
    );
    // What the model reads back: the tool loaded first, with its definition.
    const loaded = runClientSearch(
      'toolu_1',
      { query: 'github/search_code', limit: 1 },
      candidates,
    );
    expect(loaded.found).toEqual(['mcp__github__search_code']);
    expect(String(loaded.result.content)).toContain(
      '- mcp__github__search_code: [github] Search for code across GitHub repositories',
    );
  });

  it('loads every server’s tool of a quoted name, ahead of the rest', () => {
    const candidates = small({ wiki: 'Find articles in the company wiki' });
    expect(firsts('"search"', candidates, 2).sort()).toEqual([
      'mcp__docs__search',
      'mcp__wiki__search',
    ]);
  });

  it('ranks the recorded servers’ tools by what they do when a word is another server’s tool name', () => {
    const registry = new ToolRegistry();
    for (const s of recordedServers()) registry.setServerTools(s.server, s.tools);
    const candidates = searchablesOf(registry.tools());
    // mongodb has tools called explain and find, postgres one called query.
    expect(firsts('explain a kubernetes deployment field', candidates)[0]).toBe(
      'mcp__kubernetes__explain_resource',
    );
    expect(firsts('query the notion tasks data source', candidates)[0]).toBe(
      'mcp__notion__API-query-data-source',
    );
    expect(firsts('playwright find text on the page', candidates)[0]).toBe(
      'mcp__playwright__browser_find',
    );
    expect(firsts('mongodb/find', candidates)[0]).toBe('mcp__mongodb__find');
    expect(firsts('"query"', candidates)[0]).toBe('mcp__postgres__query');
  });
});
