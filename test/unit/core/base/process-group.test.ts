// The one process-group module (issue 13): real groups of real processes. A detached `node -e`
// leads its group and starts a grandchild; ending the group must leave neither running, a group
// that is already gone is an outcome (never a throw), and a group Lena may not signal says so.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import {
  endProcessGroup,
  signalGroup,
  windowsKillCommand,
} from '../../../../electron/core/base/process-group';
import { isGroupRunning, isProcessRunning } from '../../../../electron/core/base/process-info';
import { GroupJanitor } from '../../../fixtures/desktop/processes';

const groups = new GroupJanitor();
const dir = mkdtempSync(join(tmpdir(), 'lena-process-group-'));
afterEach(() => groups.killAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A leader that starts a grandchild in its group and prints both pids; `ignoreTerm` makes both deaf to SIGTERM. */
function leaderScript(ignoreTerm: boolean): string {
  const deaf = ignoreTerm ? "process.on('SIGTERM', () => {});" : '';
  const grandchild = `${deaf} setInterval(() => {}, 1000);`;
  return `${deaf}
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' });
child.on('spawn', () => console.log(JSON.stringify({ pid: process.pid, childPid: child.pid })));
setInterval(() => {}, 1000);`;
}

async function startGroup(
  ignoreTerm = false,
  options: { uid?: number; gid?: number } = {},
): Promise<{ leader: ChildProcess; pid: number; childPid: number }> {
  const leader = spawn(process.execPath, ['-e', leaderScript(ignoreTerm)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  });
  groups.track(leader.pid);
  const line = await new Promise<string>((resolve, reject) => {
    leader.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    leader.once('exit', () => reject(new Error('the leader exited before it was ready')));
  });
  return { leader, ...(JSON.parse(line) as { pid: number; childPid: number }) };
}

describe.skipIf(skipWhen('not-posix'))('process groups', () => {
  it('ends the leader and its grandchild with SIGTERM', async () => {
    const { pid, childPid } = await startGroup();
    expect(isGroupRunning(pid)).toBe(true);

    expect(await endProcessGroup(pid, { graceMs: 5000 })).toBe('terminated');

    expect(isProcessRunning(pid)).toBe(false);
    expect(isProcessRunning(childPid)).toBe(false);
    expect(isGroupRunning(pid)).toBe(false);
  });

  it('needs SIGKILL for a group that ignores SIGTERM, and still leaves nothing', async () => {
    const { pid, childPid } = await startGroup(true);

    expect(await endProcessGroup(pid, { graceMs: 300, killWaitMs: 5000 })).toBe('killed');

    expect(isProcessRunning(pid)).toBe(false);
    expect(isProcessRunning(childPid)).toBe(false);
  });

  it('reaches a grandchild the leader left behind (the leader already exited)', async () => {
    const { leader, pid, childPid } = await startGroup();
    const exited = new Promise((r) => leader.once('exit', r));
    process.kill(pid, 'SIGKILL'); // only the leader
    await exited;
    expect(isProcessRunning(childPid)).toBe(true);

    expect(await endProcessGroup(pid, { graceMs: 5000 })).toBe('terminated');
    expect(isProcessRunning(childPid)).toBe(false);
  });

  it('reports a group that is already gone (ESRCH) as gone, without throwing', async () => {
    // A leader alone: once it is reaped no process of its group is left, not even a zombie.
    const leader = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: 'ignore',
    });
    const pid = groups.track(leader.pid);
    await new Promise((r) => leader.once('spawn', r));
    const exited = new Promise((r) => leader.once('exit', r));
    process.kill(-pid, 'SIGKILL');
    await exited;
    expect(isGroupRunning(pid)).toBe(false);

    expect(signalGroup(pid, 'SIGTERM')).toBe('gone');
    expect(await endProcessGroup(pid)).toBe('gone');
  });

  it('refuses a pid that cannot be a group Lena started (kill(0) and kill(-1) reach far more)', () => {
    for (const pgid of [0, 1, -4, 2.5, Number.NaN])
      expect(() => signalGroup(pgid, 'SIGTERM')).toThrow(RangeError);
  });

  // EPERM needs an unprivileged signaller: as root, the module runs bundled in a child as "nobody"
  // against a group root started, and answers "denied" (and endProcessGroup "survived") rather than throw.
  it.skipIf(skipWhen('not-root'))(
    'says "denied" for a group Lena may not signal (EPERM)',
    async () => {
      const { pid, childPid } = await startGroup();
      const bundle = join(dir, 'process-group.mjs');
      buildSync({
        entryPoints: [join(__dirname, '../../../../electron/core/base/process-group.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: bundle,
        logLevel: 'silent',
      });
      chmodSync(dir, 0o755);
      chmodSync(bundle, 0o644);
      const probe = `import { signalGroup, endProcessGroup } from ${JSON.stringify(bundle)};
console.log(JSON.stringify({ signal: signalGroup(${pid}, 'SIGTERM'), end: await endProcessGroup(${pid}, { graceMs: 100 }) }));`;
      const out = await new Promise<string>((resolve, reject) => {
        // /usr/bin/node where present: the test's own node may sit in root's home, out of nobody's reach.
        const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;
        const child = spawn(node, ['--input-type=module', '-e', probe], {
          uid: 65534,
          gid: 65534,
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        let errors = '';
        child.stdout.on('data', (c: Buffer) => (text += c.toString()));
        child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 ? resolve(text) : reject(new Error(`probe exited ${code}: ${errors}`)),
        );
      });

      expect(JSON.parse(out)).toEqual({ signal: 'denied', end: 'survived' });
      expect(isProcessRunning(pid)).toBe(true);
      expect(isProcessRunning(childPid)).toBe(true);
    },
  );
});

describe('the Windows branch (taskkill walks the tree; run here as a pure function)', () => {
  it('asks politely for SIGTERM and forces the whole tree for SIGKILL', () => {
    expect(windowsKillCommand(4242, 'SIGTERM')).toEqual({
      command: 'taskkill',
      args: ['/T', '/PID', '4242'],
    });
    expect(windowsKillCommand(4242, 'SIGKILL')).toEqual({
      command: 'taskkill',
      args: ['/T', '/F', '/PID', '4242'],
    });
  });

  it('has nothing to run for a signal Windows has no meaning for', () => {
    expect(windowsKillCommand(4242, 'SIGUSR1')).toBeUndefined();
  });
});
