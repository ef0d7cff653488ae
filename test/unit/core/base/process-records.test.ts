// Orphan cleanup against real processes: a "previous run" of Lena (a fixture) starts a server that
// ignores SIGTERM in its own process group, with a child, and is then SIGKILLed like a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../skip-reasons';
import { ProcessRecords } from '../../../../electron/core/base/process-records';
import { isProcessRunning, processStartTime } from '../../../../electron/core/base/process-info';
import {
  DESKTOP_FIXTURES as FIXTURES,
  GroupJanitor,
  readyInfo,
} from '../../../fixtures/desktop/processes';

const dir = mkdtempSync(join(tmpdir(), 'lena-orphans-'));
const file = join(dir, 'processes.json');
const groups = new GroupJanitor();
let seq = 0;

afterEach(() => {
  groups.killAll();
  rmSync(file, { force: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
  );
}

/** A crashed earlier Lena: its server (and the server's child) are still running, recorded by it. */
async function orphanFromPreviousRun(): Promise<{ pid: number; childPid: number }> {
  const ready = join(dir, `ready-${++seq}.json`);
  const lena = spawn(process.execPath, [join(FIXTURES, 'fake-lena.mjs'), ready], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((r) =>
    lena.stdout.once('data', (d: Buffer) => r(d.toString())),
  );
  const { lenaPid, serverPid } = JSON.parse(line) as { lenaPid: number; serverPid: number };
  groups.track(serverPid);
  const info = await readyInfo(ready);
  await new ProcessRecords(file, { selfPid: lenaPid }).add({
    pid: serverPid,
    pgid: serverPid,
    command: 'node stubborn-server.mjs',
    name: 'stubborn',
  });
  lena.kill('SIGKILL');
  await exited(lena);
  return info;
}

/** A server with the same command that Lena never recorded (another app's, or the user's own). */
async function unrelatedServer(): Promise<{ pid: number; childPid: number }> {
  const ready = join(dir, `ready-${++seq}.json`);
  const child = spawn(process.execPath, [join(FIXTURES, 'stubborn-server.mjs'), ready], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  groups.track(child.pid);
  return readyInfo(ready);
}

describe.skipIf(skipWhen('not-posix'))('ProcessRecords.cleanupOrphans', () => {
  it('ends an orphaned group from a crashed run, its child included, and forgets it', async () => {
    const orphan = await orphanFromPreviousRun();
    expect(isProcessRunning(orphan.pid) && isProcessRunning(orphan.childPid)).toBe(true);

    const outcomes = await new ProcessRecords(file, { graceMs: 300 }).cleanupOrphans();

    expect(outcomes.map((o) => o.result)).toEqual(['killed']);
    expect(isProcessRunning(orphan.pid)).toBe(false);
    expect(isProcessRunning(orphan.childPid)).toBe(false);
    expect(await new ProcessRecords(file).list()).toEqual([]);
  });

  it('leaves an unrecorded process with the same command name alone', async () => {
    const orphan = await orphanFromPreviousRun();
    const bystander = await unrelatedServer();

    await new ProcessRecords(file, { graceMs: 300 }).cleanupOrphans();

    expect(isProcessRunning(orphan.pid)).toBe(false);
    expect(isProcessRunning(bystander.pid)).toBe(true);
    expect(isProcessRunning(bystander.childPid)).toBe(true);
  });

  it('leaves a process alone when its pid was reused (same pid, different start time)', async () => {
    const reused = await unrelatedServer();
    const startTime = (await processStartTime(reused.pid)) as number;
    const record = {
      pid: reused.pid,
      pgid: reused.pid,
      startTime: startTime - 1000,
      command: 'node stubborn-server.mjs',
      server: 'old',
      lenaPid: 999_999_999,
      lenaStartTime: 1,
    };
    writeFileSync(file, JSON.stringify([record]));

    const outcomes = await new ProcessRecords(file, { graceMs: 300 }).cleanupOrphans();

    expect(outcomes.map((o) => o.result)).toEqual(['pid-reused']);
    expect(isProcessRunning(reused.pid)).toBe(true);
    expect(await new ProcessRecords(file).list()).toEqual([]);
  });

  it('never ends a group that the recorded process does not lead (a damaged or forged record)', async () => {
    const victim = await unrelatedServer();
    const leader = await unrelatedServer();
    const startTime = (await processStartTime(leader.pid)) as number;
    const record = {
      pid: leader.pid,
      pgid: victim.pid,
      startTime,
      command: 'node',
      server: 'forged',
      lenaPid: 999_999_999,
      lenaStartTime: 1,
    };
    writeFileSync(file, JSON.stringify([record]));

    const outcomes = await new ProcessRecords(file, { graceMs: 300 }).cleanupOrphans();

    expect(outcomes.map((o) => o.result)).toEqual(['not-a-leader']);
    expect(isProcessRunning(victim.pid) && isProcessRunning(leader.pid)).toBe(true);
  });

  it('keeps the servers of a Lena that is still running (the command line beside the window)', async () => {
    const owner = await unrelatedServer(); // any live process stands in for the other Lena
    const server = await unrelatedServer();
    await new ProcessRecords(file, { selfPid: owner.pid }).add({
      pid: server.pid,
      pgid: server.pid,
      command: 'node x',
      name: 's',
    });

    const outcomes = await new ProcessRecords(file, { graceMs: 300 }).cleanupOrphans();

    expect(outcomes.map((o) => o.result)).toEqual(['owner-running']);
    expect(isProcessRunning(server.pid)).toBe(true);
    expect(await new ProcessRecords(file).list()).toHaveLength(1);
  });

  it('starts cleanly from a missing or damaged record file, keeping the damaged one aside', async () => {
    expect(await new ProcessRecords(file).cleanupOrphans()).toEqual([]);
    writeFileSync(file, '{ not json');
    const notices: string[] = [];
    expect(
      await new ProcessRecords(file, { notice: (m) => notices.push(m) }).cleanupOrphans(),
    ).toEqual([]);
    const aside = readdirSync(dirname(file)).filter((f) =>
      f.startsWith(`${basename(file)}.corrupt-`),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dirname(file), aside[0]), 'utf8')).toBe('{ not json');
    expect(notices).toEqual([
      expect.stringMatching(/processes\.json is not valid JSON .*moved to/),
    ]);
  });
});
