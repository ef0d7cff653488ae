// What the OS says about a process: its start time (the identity that survives pid reuse), whether
// it is still running, and whether any live process remains in a process group. Linux reads /proc;
// macOS asks ps; Windows has no process groups, so orphan tracking is off there.
import { execFile, execFileSync } from 'node:child_process';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';

/** True where Lena can identify and end process groups by start time. */
export const PROCESS_TRACKING_SUPPORTED =
  process.platform === 'linux' || process.platform === 'darwin';

let clockTicks: number | undefined;
let bootTimeSec: number | undefined;

/**
 * The process's start time in ms since the epoch as the OS reports it, or undefined when it does
 * not exist (or the platform cannot say). Linux: field 22 of /proc/<pid>/stat (clock ticks since
 * boot) plus `btime` from /proc/stat, exact to the tick; macOS: `ps -o lstart=`, to the second.
 * The same process always yields the same number, so equality means "the same process".
 */
export async function processStartTime(pid: number): Promise<number | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (process.platform === 'linux') {
    const fields = await readStatFields(pid);
    if (!fields) return undefined;
    const ticks = Number(fields[STAT_STARTTIME]);
    return bootTime() * 1000 + Math.round((ticks * 1000) / ticksPerSecond());
  }
  if (process.platform === 'darwin') {
    const out = await run('ps', ['-o', 'lstart=', '-p', String(pid)]);
    const time = out ? Date.parse(out.trim()) : Number.NaN;
    return Number.isFinite(time) ? time : undefined;
  }
  return undefined;
}

/** Whether `pid` is a live process (a zombie, already dead but not yet reaped, does not count). */
export function isProcessRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    const fields = readStatFieldsSync(pid);
    return fields !== undefined && fields[STAT_STATE] !== 'Z' && fields[STAT_STATE] !== 'X';
  }
  return signalZero(pid);
}

/**
 * Whether any live process is still in group `pgid`. Always false on Windows: it has no groups,
 * and a pid Lena no longer holds a handle to may already be someone else's, so nothing there can
 * be proven to be Lena's (signal a Windows tree only while its leader's handle is held).
 */
export function isGroupRunning(pgid: number): boolean {
  if (process.platform === 'win32') return false;
  if (process.platform !== 'linux') return signalZero(-pgid);
  if (!signalZero(-pgid)) return false;
  // The cheap answer first: a live leader still in its own group.
  const leader = readStatFieldsSync(pgid);
  if (
    leader &&
    Number(leader[STAT_PGRP]) === pgid &&
    leader[STAT_STATE] !== 'Z' &&
    leader[STAT_STATE] !== 'X'
  )
    return true;
  // kill(-pgid, 0) also succeeds for zombies nobody reaps (a container's init may not): look closer.
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = readStatFieldsSync(Number(name));
    if (
      fields &&
      Number(fields[STAT_PGRP]) === pgid &&
      fields[STAT_STATE] !== 'Z' &&
      fields[STAT_STATE] !== 'X'
    ) {
      return true;
    }
  }
  return false;
}

// Indexes into the fields after the command name's closing parenthesis (field 3 is index 0).
const STAT_STATE = 0;
const STAT_PGRP = 2;
const STAT_STARTTIME = 19;

function parseStat(text: string): string[] | undefined {
  // The command name (field 2) may itself contain spaces and parentheses: split after the last ')'.
  const end = text.lastIndexOf(')');
  if (end < 0) return undefined;
  const fields = text
    .slice(end + 2)
    .trim()
    .split(' ');
  return fields.length > STAT_STARTTIME ? fields : undefined;
}

async function readStatFields(pid: number): Promise<string[] | undefined> {
  try {
    return parseStat(await fs.readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function readStatFieldsSync(pid: number): string[] | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function bootTime(): number {
  if (bootTimeSec === undefined) {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    bootTimeSec = match ? Number(match[1]) : 0;
  }
  return bootTimeSec;
}

// USER_HZ is 100 on every mainstream Linux build; getconf confirms it where available.
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      const value = Number(
        execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 2000 }).trim(),
      );
      clockTicks = Number.isInteger(value) && value > 0 ? value : 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

function signalZero(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function run(command: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', timeout: 5000, env: { ...process.env, LC_ALL: 'C' } },
      (err, stdout) => resolve(err ? undefined : stdout),
    );
  });
}
