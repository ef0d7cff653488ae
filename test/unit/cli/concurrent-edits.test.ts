// RELIABILITY fault 35: ten `lena mcp add` processes at once, and every server is kept.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCli, lena, tempHome } from './cli-harness';

let home: string;
beforeAll(() => {
  buildCli();
  home = tempHome('lena-concurrent-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('ten concurrent adds leave ten servers, each reported once as added', async () => {
  const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => lena(home, ['mcp', 'add', `s${i}`, '--', 'node', `${i}.js`])));
  for (const r of runs) expect(r.stderr).toBe('');
  expect(runs.map((r) => r.code)).toEqual(runs.map(() => 0));
  const servers = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers;
  expect(Object.keys(servers).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`).sort());
  expect(servers.s7).toEqual({ command: 'node', args: ['7.js'] });
});
