// The real reference servers from npm, over stdio, through Lena's client: what a user who adds
// them to Lena would see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../../../shared/mcp-types';
import { reference, stdioClient, tempDir } from './harness';

const text = (r: { content: unknown[] }): string => (r.content[0] as TextContent).text;

describe('server-everything over stdio', () => {
  it('lists its tools with titles and annotations and calls echo, get-sum and get-tiny-image', async () => {
    const { client, transport } = stdioClient(reference('server-everything'), ['stdio']);
    const init = await client.connect();
    expect(client.state).toBe('connected');
    // A 2025 server (it refuses the 2026 probe): Lena speaks 2025-11-25 with it, unchanged.
    expect(client.era).toBe('legacy');
    expect(init.protocolVersion).toBe('2025-11-25');
    expect(init.serverInfo.name).toBeTruthy();
    expect(transport.pid).toBeGreaterThan(0);
    expect(transport.pgid).toBe(transport.pid);
    const tools = await client.listTools();
    const echo = tools.find((t) => t.name === 'echo');
    expect(echo?.title).toBe('Echo Tool');
    expect(echo?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(text(await client.callTool('echo', { message: 'héllo 👋' }))).toBe('Echo: héllo 👋');
    expect(text(await client.callTool('get-sum', { a: 2, b: 40 }))).toContain('42');
    const image = await client.callTool('get-tiny-image', {});
    const img = image.content.find((c) => c.type === 'image');
    expect(img).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('validates get-structured-content against its outputSchema', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    await client.connect();
    const tools = await client.listTools();
    expect(tools.find((t) => t.name === 'get-structured-content')?.outputSchema).toBeDefined();
    const r = await client.callTool('get-structured-content', { location: 'Chicago' });
    expect(r.structuredContent).toMatchObject({ temperature: 36, humidity: 82 });
    expect(r.validationError).toBeUndefined();
  });

  it('reports progress of trigger-long-running-operation', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    await client.connect();
    const seen: number[] = [];
    const r = await client.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => seen.push(p.progress) },
    );
    expect(seen.length).toBe(3);
    expect(text(r)).toMatch(/completed/i);
  });

  it('lists and reads resources, lists and gets prompts', async () => {
    const { client } = stdioClient(reference('server-everything'), ['stdio']);
    await client.connect();
    const resources = await client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const read = await client.readResource(resources[0].uri);
    expect(read.contents[0].uri).toBe(resources[0].uri);
    expect((await client.listResourceTemplates()).length).toBeGreaterThan(0);
    const prompts = await client.listPrompts();
    const simple = prompts.find((p) => !p.arguments?.some((a) => a.required));
    expect(simple).toBeDefined();
    const got = await client.getPrompt(simple!.name);
    expect(got.messages.length).toBeGreaterThan(0);
  });
});

describe('server-filesystem over stdio', () => {
  it('lists all its tools, and a write then a read round-trips', async () => {
    const dir = tempDir();
    const { client } = stdioClient(reference('server-filesystem'), [dir]);
    await client.connect();
    const names = (await client.listTools()).map((t) => t.name);
    for (const n of [
      'read_text_file',
      'write_file',
      'edit_file',
      'create_directory',
      'list_directory',
      'move_file',
      'search_files',
      'get_file_info',
    ]) {
      expect(names).toContain(n);
    }
    const file = join(dir, 'note.txt');
    const w = await client.callTool('write_file', { path: file, content: 'Grüße aus Lena\n' });
    expect(w.isError).toBeFalsy();
    expect(readFileSync(file, 'utf8')).toBe('Grüße aus Lena\n');
    const r = await client.callTool('read_text_file', { path: file });
    expect(text(r)).toBe('Grüße aus Lena\n');
    const outside = await client.callTool('read_text_file', { path: '/etc/hostname' });
    expect(outside.isError).toBe(true);
  });
});

describe('server-memory over stdio', () => {
  it('stores entities in MEMORY_FILE_PATH and reads them back', async () => {
    const dir = tempDir();
    const memory = join(dir, 'memory.jsonl');
    const { client } = stdioClient(reference('server-memory'), [], {
      env: { MEMORY_FILE_PATH: memory },
    });
    await client.connect();
    await client.callTool('create_entities', {
      entities: [{ name: 'Lena', entityType: 'app', observations: ['speaks MCP'] }],
    });
    const graph = await client.callTool('read_graph', {});
    expect(text(graph)).toContain('speaks MCP');
    expect(readFileSync(memory, 'utf8')).toContain('Lena');
  });
});
