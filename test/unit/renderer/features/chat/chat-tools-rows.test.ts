// The composer's tools menu rows over the 500 recorded tool definitions (issue 24's catalog): the
// filter finds a tool by name, title or server, keeps its server's row above it, and counts.
import { describe, expect, it } from 'vitest';
import {
  headerAbove,
  rowLabel,
  serverRowIndexes,
  toolsMenuRows,
} from '../../../../../renderer/features/chat/chat-tools-rows';
import type { ConversationTools } from '../../../../../shared/chat/conversations';
import type { ToolInfo } from '../../../../../shared/server-types';
import { catalogServers } from '../../../../fixtures/tool-catalog/catalog';

const catalog = catalogServers(500);
const servers = catalog.map((s) => s.name);
const lists = new Map<string, ToolInfo[]>(
  catalog.map((s) => [
    s.name,
    s.tools.map((t) => ({
      server: s.name,
      name: t.name,
      qualifiedName: `mcp__${s.name}__${t.name}`,
      title: t.title ?? null,
      description: t.description ?? '',
      inputSchema: t.inputSchema,
      annotations: t.annotations ?? {},
      icons: [],
      enabled: true,
      tokens: 100,
      pin: 'unpinned' as const,
    })),
  ]),
);
const tools = (server: string) => lists.get(server);

describe('the tools menu rows', () => {
  it('without a filter: every server row followed by its tools, 500 tools in all', () => {
    const { rows, matched, total } = toolsMenuRows(servers, tools, undefined);
    expect(total).toBe(500);
    expect(matched).toBe(500);
    expect(rows).toHaveLength(500 + servers.length);
    expect(rowLabel(rows[0])).toBe(`All tools of ${servers[0]}`);
    expect(rows[0]).toMatchObject({
      onCount: lists.get(servers[0])!.length,
      count: lists.get(servers[0])!.length,
    });
  });

  it('a filter finds a tool far down the list by its name, with its server row above it', () => {
    const { rows, matched } = toolsMenuRows(servers, tools, undefined, 'postgres query');
    expect(rows.map(rowLabel)).toEqual(['All tools of postgres', rowLabel(rows[1])]);
    expect(rows[1].tool?.name).toBe('query');
    expect(matched).toBe(1);
  });

  it('matches words anywhere in name, title or server, case-insensitively, and a server name shows all its tools', () => {
    const bySlack = toolsMenuRows(servers, tools, undefined, 'SLACK');
    expect(bySlack.matched).toBe(lists.get('slack')!.length);
    expect(bySlack.rows[0].key).toBe('slack');
    const titled = [...lists.values()]
      .flat()
      .find((t) => t.title && t.title.toLowerCase() !== t.name.toLowerCase());
    if (titled)
      expect(
        toolsMenuRows(servers, tools, undefined, titled.title!).rows.some(
          (r) => r.tool?.qualifiedName === titled.qualifiedName,
        ),
      ).toBe(true);
    expect(toolsMenuRows(servers, tools, undefined, 'no-such-tool-anywhere')).toMatchObject({
      rows: [],
      matched: 0,
      total: 500,
    });
  });

  it("follows the conversation's switches: a tool off, a server off (its tools inert), counts over all its tools whatever the filter", () => {
    const off = lists.get('memory')![0].qualifiedName;
    const choice: ConversationTools = { offServers: ['slack'], tools: { [off]: false } };
    const memory = toolsMenuRows(servers, tools, choice, lists.get('memory')![0].name).rows;
    expect(memory[0]).toMatchObject({
      key: 'memory',
      on: true,
      onCount: lists.get('memory')!.length - 1,
    });
    expect(memory.find((r) => r.tool?.qualifiedName === off)).toMatchObject({
      on: false,
      inert: false,
    });
    const slack = toolsMenuRows(servers, tools, choice, 'slack').rows;
    expect(slack[0]).toMatchObject({ on: false, onCount: 0 });
    expect(slack.slice(1).every((r) => r.inert && !r.on)).toBe(true);
  });

  it('knows the server row above any row, to keep it on top while its tools scroll', () => {
    const { rows } = toolsMenuRows(servers, tools, undefined);
    const heads = serverRowIndexes(rows);
    expect(heads).toHaveLength(servers.length);
    expect(heads.map((i) => rows[i].key)).toEqual(servers);
    const second = heads[1];
    expect(headerAbove(heads, 0)).toBe(0);
    expect(headerAbove(heads, second - 1)).toBe(0);
    expect(headerAbove(heads, second)).toBe(second);
    expect(headerAbove(heads, second + 3)).toBe(second);
    expect(rows[headerAbove(heads, rows.length - 1)].key).toBe(servers.at(-1));
  });
});
