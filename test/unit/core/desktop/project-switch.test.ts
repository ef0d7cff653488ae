// Switching project folders against the real manager and real stdio servers: only project-scope
// servers restart, a user server keeps its process, re-opening the same folder restarts nothing,
// and the recorded process groups follow (what orphan cleanup would end after a crash). The host's
// project service calls setProjectDir once per real switch (test/unit/core/host/recent-projects).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import { ProcessRecords } from '../../../../electron/core/base/process-records';
import { McpManager } from '../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../electron/core/mcp/manager/transport-factory';

const PEER = resolve(__dirname, '../../../fixtures/manager/peer.mjs');
let dir: string;
let manager: McpManager | undefined;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'lena-switch-')));
});
afterEach(async () => {
  await manager?.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

const starts = (name: string) => {
  const file = join(dir, `${name}.starts`);
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
};
const server = (name: string) => ({
  command: process.execPath,
  args: [PEER],
  env: { PEER_COUNTER: join(dir, `${name}.starts`) },
});

function project(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  // Unsandboxed: the peer counts its starts in a file beside the projects, outside its own folder.
  const entry = { ...server(name), sandbox: false };
  writeFileSync(join(folder, '.mcp.json'), JSON.stringify({ mcpServers: { tools: entry } }));
  return folder;
}

describe.skipIf(skipWhen('not-posix'))('switching the project folder', () => {
  it('restarts only project servers, once per real switch, and the process records follow', async () => {
    const userFile = join(dir, 'mcp.json');
    writeFileSync(userFile, JSON.stringify({ mcpServers: { home: server('home') } }));
    const [a, b] = [project('a'), project('b')];
    const records = new ProcessRecords(join(dir, 'processes.json'));
    manager = new McpManager({
      sources: { userFile },
      createTransport: defaultTransportFactory(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      approvals: { isApproved: () => true },
      processes: records,
    });
    const m = manager;
    await m.start();
    await expect
      .poll(() => m.status('home')?.status === 'connected', {
        message: 'home to connect',
        timeout: 15_000,
      })
      .toBe(true);

    await m.setProjectDir(a);
    await expect
      .poll(() => m.status('tools')?.status === 'connected', {
        message: 'project a to connect',
        timeout: 15_000,
      })
      .toBe(true);
    await m.setProjectDir(b);
    await expect
      .poll(() => starts('b').length === 1 && m.status('tools')?.status === 'connected', {
        message: 'project b to connect',
        timeout: 15_000,
      })
      .toBe(true);
    await m.setProjectDir(b); // the same folder again: nothing restarts

    expect(starts('home')).toHaveLength(1);
    expect(starts('a')).toHaveLength(1);
    expect(starts('b')).toHaveLength(1);
    expect(m.status('tools')?.scope).toBe('project');
    // The manager forgets a stopped server's record without waiting: give it a moment.
    await expect
      .poll(async () => (await records.mine()).map((r) => [r.server, r.pid]).sort())
      .toEqual(
        [
          ['home', Number(starts('home')[0])],
          ['tools', Number(starts('b')[0])],
        ].sort(),
      );
  });
});
