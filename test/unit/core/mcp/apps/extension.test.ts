// Lena declares MCP Apps (io.modelcontextprotocol/ui) on both wires (issue 23): in the 2025
// initialize capabilities and in every 2026 request's envelope, with the one view format it renders.
import { describe, expect, it } from 'vitest';
import { ViewCache } from '../../../../../electron/core/mcp/apps/view-cache';
import {
  VIEW_HASH_KEY,
  appToolInfo,
  modelVisible,
  viewUri,
} from '../../../../../electron/core/mcp/apps/ui-meta';
import { fixture, stdioClient } from '../harness';

const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const told = async (era: '2025' | '2026') => {
  const { client } = stdioClient(fixture('apps-peer.mjs'), [], { env: { APPS_ERA: era } });
  await client.connect();
  expect(client.era).toBe(era === '2026' ? 'modern' : 'legacy');
  const result = await client.callTool('caps', {});
  return {
    client,
    caps: JSON.parse((result.content[0] as { text: string }).text) as {
      extensions?: Record<string, unknown>;
    },
  };
};

describe('the MCP Apps extension', () => {
  it.each(['2025', '2026'] as const)('is declared on the %s wire', async (era) => {
    const { caps } = await told(era);
    expect(caps.extensions).toMatchObject(UI);
  });

  it("reads each view once per listing and records its hash on Lena's copy of the tool (a server's own value is dropped)", async () => {
    const { client } = await told('2026');
    const tools = await client.listTools();
    const forged = tools.map((t) =>
      t.name === 'caps' ? { ...t, _meta: { [VIEW_HASH_KEY]: 'sha256:forged' } } : t,
    );
    const cache = new ViewCache();
    const reads: string[] = [];
    const annotated = await cache.annotate(
      (uri) => (reads.push(uri), client.readResource(uri)),
      forged,
    );
    expect(reads.sort()).toEqual(['ui://apps-peer/legacy.html', 'ui://apps-peer/view.html']);
    const show = annotated.find((t) => t.name === 'show')!;
    expect(show._meta?.[VIEW_HASH_KEY]).toBe(cache.get('ui://apps-peer/view.html')?.hash);
    expect(annotated.find((t) => t.name === 'caps')!._meta).toEqual({});
    expect(viewUri(annotated.find((t) => t.name === 'legacy')!)).toBe('ui://apps-peer/legacy.html');
    expect(modelVisible(annotated.find((t) => t.name === 'app-only')!)).toBe(false);
    expect(appToolInfo(annotated.find((t) => t.name === 'caps')!)).toBeUndefined();
  });

  it('keeps a view that cannot be read now as it was, and says why one was never read', async () => {
    const cache = new ViewCache();
    const tool = {
      name: 'v',
      inputSchema: { type: 'object' as const },
      _meta: { ui: { resourceUri: 'ui://x/v.html' } },
    };
    const good = {
      contents: [{ uri: 'ui://x/v.html', mimeType: 'text/html;profile=mcp-app', text: '<p>v</p>' }],
    };
    const [first] = await cache.annotate(async () => good, [tool]);
    const [again] = await cache.annotate(async () => {
      throw new Error('server busy');
    }, [tool]);
    expect(again._meta?.[VIEW_HASH_KEY]).toBe(first._meta?.[VIEW_HASH_KEY]);
    const fresh = new ViewCache();
    await fresh.annotate(
      async () => ({
        contents: [{ uri: 'ui://x/v.html', mimeType: 'text/html', text: '<p>v</p>' }],
      }),
      [tool],
    );
    expect(fresh.get('ui://x/v.html')).toMatchObject({
      html: null,
      error: expect.stringContaining('not text/html;profile=mcp-app'),
    });
  });
});
