// The quit step for servers at the application level (RELIABILITY.md fault 25): even when the
// orderly shutdown hangs, every recorded group of this run, SIGTERM-ignoring child included, ends
// within the bound.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import { isProcessRunning } from '../../../../electron/core/base/process-info';
import { ProcessRecords } from '../../../../electron/core/base/process-records';
import { shutdownServers } from '../../../../electron/core/desktop/server-shutdown';
import { DESKTOP_FIXTURES, GroupJanitor, readyInfo } from '../../../fixtures/desktop/processes';

const dir = mkdtempSync(join(tmpdir(), 'lena-server-shutdown-'));
const groups = new GroupJanitor();
afterEach(() => groups.killAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(skipWhen('not-posix'))('shutdownServers', () => {
  it('ends this run’s recorded servers when the orderly shutdown hangs, and forgets them', async () => {
    const records = new ProcessRecords(join(dir, 'processes.json'));
    const ready = join(dir, 'ready.json');
    const child = spawn(process.execPath, [join(DESKTOP_FIXTURES, 'stubborn-server.mjs'), ready], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const pgid = groups.track(child.pid);
    const server = await readyInfo(ready);
    await records.add({ name: 'stubborn', pid: pgid, pgid, command: 'node stubborn-server.mjs' });
    const warnings: string[] = [];

    await shutdownServers({
      stopAll: () => new Promise(() => {}),
      records,
      boundMs: 2000,
      log: (_l, m) => warnings.push(m),
    });

    expect(isProcessRunning(server.pid)).toBe(false);
    expect(isProcessRunning(server.childPid)).toBe(false);
    expect(await records.mine()).toEqual([]);
    expect(warnings.join()).toMatch(/ending 1 process group\(s\) directly/);
  });

  it('does nothing more when the orderly shutdown ended everything', async () => {
    const records = new ProcessRecords(join(dir, 'processes-2.json'));
    let stopped = false;
    await shutdownServers({ stopAll: async () => void (stopped = true), records, boundMs: 2000 });
    expect(stopped).toBe(true);
  });
});
