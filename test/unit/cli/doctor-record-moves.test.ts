// `lena mcp doctor` says what start-up moved: records an earlier version kept under a server's bare
// name now belong to the user server of that name (its identity key), once; a second run moves nothing.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCli, lena, tempHome } from './cli-harness';

let home: string;
beforeAll(() => {
  buildCli();
  home = tempHome('lena-doctor-moves-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('reports each record moved from a bare name to its user server, once', async () => {
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({ mcpServers: { notes: { command: '/nonexistent/notes-server' } } }),
  );
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ servers: { notes: { sampling: 'always' }, gone: { sampling: 'always' } } }),
  );
  const first = await lena(home, ['mcp', 'doctor']);
  expect(first.stdout).toMatch(
    /^moved: settings\.json: the records of "notes" now belong to your server notes@user:[0-9a-f]{16} /m,
  );
  expect(first.stdout).not.toContain('"gone"');
  const again = await lena(home, ['mcp', 'doctor', '--json']);
  expect(JSON.parse(again.stdout).recordMoves).toBeUndefined();
});
