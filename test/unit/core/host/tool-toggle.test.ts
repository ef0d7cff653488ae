// Turning a tool off checks the tool first (issue 13): a name the server does not list is a clear
// not-found error and settings.json is left as it was; a listed tool is turned off and back on.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerStatus, ToolInfo } from '../../../../shared/server-types';
import { MEMORY, newHost } from './host-harness';

const settingsText = (home: string) =>
  existsSync(join(home, 'settings.json'))
    ? readFileSync(join(home, 'settings.json'), 'utf8')
    : '(none)';

describe('servers:set-tool-enabled', () => {
  it('refuses a tool the server does not list without writing anything, and toggles one it lists', async () => {
    const { home, dispatch } = newHost('lena-host-toggle-');
    const added = await dispatch('servers:add', {
      name: 'memory',
      entry: {
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, 'mem.jsonl') },
      },
    });
    expect((added as { value: ServerStatus }).value.status).toBe('connected');
    const before = settingsText(home);

    for (const [server, tool] of [
      ['memory', 'no_such_tool'],
      ['ghost', 'read'],
    ]) {
      const refused = await dispatch('servers:set-tool-enabled', { server, tool, enabled: false });
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'not-found',
          message: expect.stringContaining(`"${server}" has no tool named "${tool}"`),
        },
      });
    }
    expect(settingsText(home)).toBe(before);

    const off = await dispatch('servers:set-tool-enabled', {
      server: 'memory',
      tool: 'read_graph',
      enabled: false,
    });
    expect((off as { value: ToolInfo }).value).toMatchObject({
      name: 'read_graph',
      enabled: false,
    });
    // Kept under the server's identity key (memory@user:…), never its bare name.
    expect(Object.entries(JSON.parse(settingsText(home)).servers)).toEqual([
      [expect.stringMatching(/^memory@user:[0-9a-f]{16}$/), { disabledTools: ['read_graph'] }],
    ]);
  });
});
