// Turning a tool off checks the tool first (issue 13): a name the server does not list is a clear
// not-found error and settings.json is left as it was; a listed tool is turned off and back on.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus, ToolInfo } from '../../../../shared/server-types';
import { createHost, type Host } from '../../../../electron/core/host';

const MEMORY = resolve(__dirname, '../../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const ctx = { senderUrl: 'app://lena/index.html' };
let host: Host | undefined;
let home: string;

afterEach(async () => {
  await host?.close();
  rmSync(home, { recursive: true, force: true });
});

const settingsText = () => (existsSync(join(home, 'settings.json')) ? readFileSync(join(home, 'settings.json'), 'utf8') : '(none)');

describe('servers:set-tool-enabled', () => {
  it('refuses a tool the server does not list without writing anything, and toggles one it lists', async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-host-toggle-'));
    host = createHost({ home, env: { PATH: process.env.PATH, HOME: home } });
    const added = await host.dispatch('servers:add', { name: 'memory', entry: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') } } }, ctx);
    expect((added as { value: ServerStatus }).value.status).toBe('connected');
    const before = settingsText();

    for (const [server, tool] of [['memory', 'no_such_tool'], ['ghost', 'read']]) {
      const refused = await host.dispatch('servers:set-tool-enabled', { server, tool, enabled: false }, ctx);
      expect(refused).toEqual({ ok: false, error: { code: 'not-found', message: expect.stringContaining(`"${server}" has no tool named "${tool}"`) } });
    }
    expect(settingsText()).toBe(before);

    const off = await host.dispatch('servers:set-tool-enabled', { server: 'memory', tool: 'read_graph', enabled: false }, ctx);
    expect((off as { value: ToolInfo }).value).toMatchObject({ name: 'read_graph', enabled: false });
    expect(JSON.parse(settingsText()).servers.memory.disabledTools).toEqual(['read_graph']);
  });
});
