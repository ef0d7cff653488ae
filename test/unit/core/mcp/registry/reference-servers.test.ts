// The config and registry against the real reference servers from npm: a user file names them,
// the loader and expansion produce their launch, and their real tools, schemas and results go
// through the registry as the chat would use them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandEntry } from '../../../../../electron/core/mcp/config/expand';
import { ConfigLoader } from '../../../../../electron/core/mcp/config/loader';
import { convertToolResult } from '../../../../../electron/core/mcp/registry/results';
import { ToolRegistry } from '../../../../../electron/core/mcp/registry/registry';
import type { CallToolResult, Tool } from '../../../../../shared/mcp-types';

const modules = resolve(__dirname, '../../../../../node_modules/@modelcontextprotocol');
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'lena-refservers-')));
const clients = new Map<string, Client>();
const registry = new ToolRegistry();

beforeAll(async () => {
  writeFileSync(join(dir, 'note.txt'), 'hello from a file');
  const userFile = join(dir, 'mcp.json');
  writeFileSync(
    userFile,
    JSON.stringify({
      mcpServers: {
        everything: {
          command: '${NODE}',
          args: [join(modules, 'server-everything/dist/index.js'), 'stdio'],
        },
        files: {
          command: '${NODE}',
          args: [join(modules, 'server-filesystem/dist/index.js'), '${ROOT:-/nonexistent}'],
        },
      },
    }),
  );
  const loaded = await new ConfigLoader({ userFile }).load();
  expect(loaded.errors).toEqual([]);
  await Promise.all(
    loaded.servers.map(async (server) => {
      const expanded = await expandEntry(server.entry!, {
        env: { NODE: process.execPath, ROOT: dir },
      });
      if (!expanded.ok || expanded.launch.transport !== 'stdio')
        throw new Error(`cannot launch ${server.name}`);
      const { command, args, env } = expanded.launch;
      const client = new Client({ name: 'lena-test', version: '0' });
      await client.connect(
        new StdioClientTransport({
          command,
          args,
          env: { PATH: process.env.PATH ?? '', ...env },
          stderr: 'ignore',
        }),
      );
      clients.set(server.name, client);
      registry.setServerTools(server.name, (await client.listTools()).tools as Tool[]);
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([...clients.values()].map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
});

const call = async (
  qualifiedName: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> => {
  const { server, tool } = registry.resolve(qualifiedName)!;
  return (await clients
    .get(server)!
    .callTool({ name: tool.name, arguments: args })) as CallToolResult;
};

describe('registry with the reference servers', () => {
  it('names every real tool validly and resolves each back to its server and tool', () => {
    const tools = registry.tools();
    expect(tools.length).toBeGreaterThan(15);
    for (const entry of tools) {
      expect(entry.qualifiedName).toMatch(/^mcp__(everything|files)__[A-Za-z0-9_-]+$/);
      expect(entry.qualifiedName.length).toBeLessThanOrEqual(64);
      expect(registry.resolve(entry.qualifiedName)).toBe(entry);
      expect(entry.definition.input_schema.type).toBe('object');
      expect(entry.definition.description).toMatch(/^\[(everything|files)\] /);
    }
    expect(registry.qualifiedName('everything', 'get-sum')).toBe('mcp__everything__get-sum');
    expect(registry.qualifiedName('files', 'read_text_file')).toBe('mcp__files__read_text_file');
  });

  it('compiles every real input schema (no tool falls back to skipping validation)', async () => {
    for (const entry of registry.tools()) {
      const check = await registry.validateArguments(entry.qualifiedName, {});
      expect(check.ok ? check.skipped : undefined, entry.qualifiedName).toBeUndefined();
    }
  });

  it('catches bad arguments before the call, and passes good ones to a real result', async () => {
    expect(
      await registry.validateArguments('mcp__everything__get-sum', { a: 'one', b: 2 }),
    ).toEqual({
      ok: false,
      message:
        "Invalid arguments for mcp__everything__get-sum: /a must be number. Fix the arguments to match the tool's input schema and call it again.",
    });
    expect(await registry.validateArguments('mcp__everything__get-sum', { a: 1, b: 2 })).toEqual({
      ok: true,
    });
    const converted = convertToolResult(await call('mcp__everything__get-sum', { a: 1, b: 2 }));
    expect(converted.content).toEqual([{ type: 'text', text: expect.stringContaining('3') }]);
  });

  it('converts a real image, structured content, resource links and an embedded resource', async () => {
    const image = convertToolResult(await call('mcp__everything__get-tiny-image', {}));
    expect(
      image.content.some(
        (b) =>
          b.type === 'image' && b.source.type === 'base64' && b.source.media_type === 'image/png',
      ),
    ).toBe(true);

    const weather = await call('mcp__everything__get-structured-content', { location: 'Chicago' });
    expect(weather.structuredContent).toBeDefined();
    const structured = convertToolResult(weather);
    // The server repeats the structured content as JSON text, so it is not added a second time.
    expect(
      structured.content.filter((b) => b.type === 'text' && b.text.includes('drizzle')),
    ).toHaveLength(1);

    const links = convertToolResult(
      await call('mcp__everything__get-resource-links', { count: 2 }),
    );
    expect(
      links.content.filter((b) => b.type === 'text' && b.text.startsWith('[resource link: ')),
    ).toHaveLength(2);

    const embedded = convertToolResult(
      await call('mcp__everything__get-resource-reference', {
        resourceType: 'Text',
        resourceId: 1,
      }),
    );
    expect(
      embedded.content.some((b) => b.type === 'text' && b.text.startsWith('[resource <')),
    ).toBe(true);
  });

  it('a real file read comes back as text, and an error result keeps isError', async () => {
    const read = convertToolResult(
      await call('mcp__files__read_text_file', { path: join(dir, 'note.txt') }),
    );
    expect(read).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'hello from a file' }],
    });
    const denied = convertToolResult(
      await call('mcp__files__read_text_file', { path: '/etc/hostname' }),
    );
    expect(denied.isError).toBe(true);
    expect(denied.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Access denied'),
    });
  });
});
