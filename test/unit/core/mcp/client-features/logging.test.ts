// Server log messages (issue 17): Lena sets each server's level (logging/setLevel; default info,
// a per-server setting), keeps the messages with level and logger for the Logs tab, and shows a
// warning or worse on the server's status. Against an SDK server, which honours the level.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoggingLevel } from '../../../../../shared/mcp-types';
import { McpManager } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';

const PEER = resolve(__dirname, '../../../../fixtures/mcp/sdk-peer.mjs');
const open: { manager: McpManager; dir: string }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.manager.shutdown();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

async function start(level?: LoggingLevel) {
  const dir = mkdtempSync(join(tmpdir(), 'lena-logging-'));
  const userFile = join(dir, 'mcp.json');
  writeFileSync(
    userFile,
    JSON.stringify({
      mcpServers: { peer: { command: process.execPath, args: [PEER, 'list-changed'] } },
    }),
  );
  const manager = new McpManager({
    sources: { userFile },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    logLevel: () => level,
  });
  open.push({ manager, dir });
  await manager.start();
  await manager.whenReady(20_000);
  const session = manager.session('peer')!;
  expect(session.connected).toBe(true);
  return { manager, session };
}

const serverMessages = (session: NonNullable<ReturnType<McpManager['session']>>) =>
  (session.mcp?.logEntries() ?? []).filter((e) => e.source === 'server');

describe('server log messages', () => {
  it('default level info: a warning arrives with its logger and shows on the status', async () => {
    const { manager, session } = await start();
    await session.callTool('log', { message: 'disk almost full', level: 'warning' }, {});
    await expect
      .poll(() => serverMessages(session).map((e) => [e.level, e.logger, e.data]))
      .toEqual([['warning', 'peer', 'disk almost full']]);
    await expect
      .poll(() => manager.status('peer')?.logAlert)
      .toMatchObject({ level: 'warning', text: 'disk almost full' });
  }, 30_000);

  it('a server set to "error" sends no warning (logging/setLevel reached it); an error still arrives', async () => {
    const { manager, session } = await start('error');
    await session.callTool('log', { message: 'only a warning', level: 'warning' }, {});
    await session.callTool('log', { message: 'it broke', level: 'error' }, {});
    await expect.poll(() => serverMessages(session).map((e) => e.data)).toEqual(['it broke']);
    expect(manager.status('peer')?.logAlert).toMatchObject({ level: 'error', text: 'it broke' });
  }, 30_000);

  it('an info message is kept for the Logs tab but not shown on the status', async () => {
    const { manager, session } = await start('debug');
    await session.callTool('log', { message: 'started job 7', level: 'info' }, {});
    await expect.poll(() => serverMessages(session).map((e) => e.data)).toEqual(['started job 7']);
    expect(manager.status('peer')?.logAlert ?? null).toBeNull();
  }, 30_000);
});
