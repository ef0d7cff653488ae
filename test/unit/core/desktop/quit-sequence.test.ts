import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isProcessRunning } from '../../../../electron/core/base/process-info';
import {
  lenaQuitSteps,
  quitSequence,
  shouldQuitOnAllWindowsClosed,
} from '../../../../electron/core/desktop/quit-sequence';
import {
  shutdownGroups,
  type RunningGroup,
} from '../../../../electron/core/desktop/shutdown-groups';
import {
  DESKTOP_FIXTURES as FIXTURES,
  GroupJanitor,
  readyInfo,
} from '../../../fixtures/desktop/processes';

const dir = mkdtempSync(join(tmpdir(), 'lena-quit-'));
const groups = new GroupJanitor();
afterEach(() => groups.killAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startServer(
  name: string,
  mode: 'stubborn' | 'obey',
): Promise<RunningGroup & { pid: number; childPid: number }> {
  const ready = join(dir, `${name}.json`);
  const child = spawn(process.execPath, [join(FIXTURES, 'stubborn-server.mjs'), ready, mode], {
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const pgid = groups.track(child.pid);
  return { name, pgid, closeStdin: () => child.stdin?.end(), ...(await readyInfo(ready)) };
}

describe('quitSequence', () => {
  it('runs the steps in order; a failing or hung step is logged and the exit still happens', async () => {
    const ran: string[] = [];
    const logs: string[] = [];
    let abortedHungStep = false;
    const outcomes = await quitSequence(
      [
        { name: 'a', run: () => void ran.push('a') },
        {
          name: 'fails',
          run: () => {
            ran.push('fails');
            throw new Error('database is locked');
          },
        },
        {
          name: 'hangs',
          run: (signal) => {
            ran.push('hangs');
            signal.addEventListener('abort', () => (abortedHungStep = true));
            return new Promise(() => {});
          },
          timeoutMs: 100,
        },
        { name: 'exit', run: () => void ran.push('exit') },
      ],
      { timeoutMs: 2000, log: (level, m) => logs.push(`${level} ${m}`) },
    );
    expect(ran).toEqual(['a', 'fails', 'hangs', 'exit']);
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'failed', 'timed-out', 'ok']);
    expect(abortedHungStep).toBe(true);
    expect(logs).toContain('error Quit: fails failed: database is locked');
  });

  it('quits Lena: servers (one ignoring SIGTERM, with a child) are gone and the database is closed cleanly', async () => {
    const stubborn = await startServer('stubborn', 'stubborn');
    const polite = await startServer('polite', 'obey');
    const dbFile = join(dir, 'lena.db');
    const db = new DatabaseSync(dbFile);
    db.exec("PRAGMA journal_mode=WAL; CREATE TABLE t(x); INSERT INTO t VALUES ('kept')");
    const order: string[] = [];
    let ends = new Map<string, string>();

    const outcomes = await quitSequence(
      lenaQuitSteps({
        stopAcceptingTurns: () => void order.push('turns'),
        cancelToolCalls: () => void order.push('cancel'),
        shutdownServers: async (boundMs) => {
          order.push(`servers within ${boundMs} ms`);
          ends = await shutdownGroups([stubborn, polite], boundMs);
        },
        closeDatabase: () => {
          order.push('database');
          db.close();
        },
        exit: () => void order.push('exit'),
      }),
      { timeoutMs: 10_000 },
    );

    expect(order).toEqual(['turns', 'cancel', 'servers within 5000 ms', 'database', 'exit']);
    expect(outcomes.every((o) => o.status === 'ok')).toBe(true);
    expect(Object.fromEntries(ends)).toEqual({ stubborn: 'killed', polite: 'terminated' });
    for (const pid of [stubborn.pid, stubborn.childPid, polite.pid, polite.childPid])
      expect(isProcessRunning(pid)).toBe(false);
    // A clean close checkpoints the write-ahead log into the database and removes it.
    expect(existsSync(`${dbFile}-wal`)).toBe(false);
    const reopened = new DatabaseSync(dbFile);
    expect(reopened.prepare('SELECT x FROM t').all()).toEqual([{ x: 'kept' }]);
    reopened.close();
  });
});

describe('shouldQuitOnAllWindowsClosed', () => {
  it('quits on Linux and Windows, stays in the dock on macOS', () => {
    expect(shouldQuitOnAllWindowsClosed('linux')).toBe(true);
    expect(shouldQuitOnAllWindowsClosed('win32')).toBe(true);
    expect(shouldQuitOnAllWindowsClosed('darwin')).toBe(false);
  });
});
