// Crash hygiene: Lena writes down every server process group it starts (processes.json in its
// home). If Lena dies without shutting them down, the next start ends the groups that are provably
// the same processes: same pid AND same OS start time. Nothing is ever matched by name.
import { readJsonFileTolerant, writeJsonFile } from './json-file';
import { withLockedFile } from './locked-file';
import { endProcessGroup, type GroupEnd } from './process-group';
import { isProcessRunning, processStartTime, PROCESS_TRACKING_SUPPORTED } from './process-info';

export interface ProcessRecord {
  pid: number;
  /** The group Lena created for the server (the leader's pid when spawned detached). */
  pgid: number;
  /** The leader's start time as the OS reports it (ms since epoch); see processStartTime. */
  startTime: number;
  command: string;
  server: string;
  /** The Lena process that started it, with its own start time, so a live Lena keeps its servers. */
  lenaPid: number;
  lenaStartTime: number;
}

/** What cleanup did with one record. */
export interface OrphanOutcome {
  record: ProcessRecord;
  /** `not-a-leader`: the record names a group its process does not lead; ending it could hit others. */
  result: GroupEnd | 'pid-reused' | 'owner-running' | 'not-a-leader';
}

export interface ProcessRecordsOptions {
  /** SIGTERM → SIGKILL grace for an orphaned group. */
  graceMs?: number;
  /** This process's pid (tests pretend to be another run of Lena). */
  selfPid?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
  /** Told what the user must see: processes.json was damaged and moved aside. */
  notice?: (message: string) => void;
}

/**
 * The manager's ProcessRecorder (mcp/manager/types, met structurally: base imports nothing above
 * it), persisted in `processes.json`; the window and the command line share it.
 */
export class ProcessRecords {
  private readonly selfPid: number;
  private selfStart: Promise<number | undefined> | undefined;

  constructor(
    private readonly file: string,
    private readonly options: ProcessRecordsOptions = {},
  ) {
    this.selfPid = options.selfPid ?? process.pid;
  }

  /**
   * Records a server Lena just started; undefined (not recorded) when the OS cannot identify it.
   * The start time is the OS's, not `startedAt`: only the OS's can be compared after a crash.
   */
  async add(entry: {
    name: string;
    pid: number;
    pgid: number;
    command: string;
    startedAt?: number;
  }): Promise<void> {
    await this.record(entry);
  }

  /** `add`, returning what was written. */
  async record(entry: {
    name: string;
    pid: number;
    pgid: number;
    command: string;
  }): Promise<ProcessRecord | undefined> {
    if (!PROCESS_TRACKING_SUPPORTED) return undefined;
    const [startTime, lenaStartTime] = await Promise.all([
      processStartTime(entry.pid),
      this.ownStartTime(),
    ]);
    if (startTime === undefined || lenaStartTime === undefined) {
      this.options.log?.(
        'warn',
        `Server "${entry.name}" (pid ${entry.pid}) exited before it could be recorded.`,
      );
      return undefined;
    }
    const { pid, pgid, command, name: server } = entry;
    const record: ProcessRecord = {
      pid,
      pgid,
      startTime,
      command,
      server,
      lenaPid: this.selfPid,
      lenaStartTime,
    };
    await this.update((records) => [...records.filter((r) => r.pid !== entry.pid), record]);
    return record;
  }

  /** Forgets a server that Lena shut down or saw exit. */
  async remove(pid: number): Promise<void> {
    await this.update((records) =>
      records.filter((r) => !(r.pid === pid && r.lenaPid === this.selfPid)),
    );
  }

  async list(): Promise<ProcessRecord[]> {
    return this.read();
  }

  /** The groups this run of Lena recorded and has not removed yet (still running, as far as it knows). */
  async mine(): Promise<ProcessRecord[]> {
    const selfStart = await this.ownStartTime();
    return (await this.read()).filter(
      (r) => r.lenaPid === this.selfPid && r.lenaStartTime === selfStart,
    );
  }

  /**
   * Ends the recorded groups of earlier runs whose leader is still the recorded process, and
   * forgets every record of a run that is over. Records of a Lena that is still running (the
   * command line next to the window) are left alone.
   */
  async cleanupOrphans(): Promise<OrphanOutcome[]> {
    const records = await this.read();
    const selfStart = await this.ownStartTime();
    const outcomes: OrphanOutcome[] = [];
    const ends: Promise<void>[] = [];
    for (const record of records) {
      // Our own pid with another start time is an earlier Lena that had the same pid.
      if (record.lenaPid === this.selfPid && record.lenaStartTime === selfStart) continue;
      if (await this.isSameProcess(record.lenaPid, record.lenaStartTime)) {
        outcomes.push({ record, result: 'owner-running' });
        continue;
      }
      // Lena starts every server as the leader of its own group; anything else is not ours to end.
      if (record.pgid !== record.pid) {
        outcomes.push({ record, result: 'not-a-leader' });
        continue;
      }
      const current = await processStartTime(record.pid);
      if (current === undefined) {
        outcomes.push({ record, result: 'gone' });
      } else if (current !== record.startTime) {
        outcomes.push({ record, result: 'pid-reused' });
      } else {
        ends.push(
          endProcessGroup(record.pgid, { graceMs: this.options.graceMs ?? 2000 }).then((result) => {
            outcomes.push({ record, result });
            this.options.log?.(
              result === 'survived' ? 'warn' : 'info',
              `Orphaned server "${record.server}" from an earlier run (pid ${record.pid}, group ${record.pgid}): ${result}.`,
            );
          }),
        );
      }
    }
    await Promise.all(ends);
    // Forget what is over; keep live owners' records and groups that even SIGKILL did not end.
    const over = outcomes
      .filter((o) => o.result !== 'owner-running' && o.result !== 'survived')
      .map((o) => o.record);
    if (over.length > 0)
      await this.update((latest) => latest.filter((r) => !over.some((o) => same(o, r))));
    return outcomes;
  }

  private async isSameProcess(pid: number, startTime: number): Promise<boolean> {
    if (!isProcessRunning(pid)) return false;
    return (await processStartTime(pid)) === startTime;
  }

  private ownStartTime(): Promise<number | undefined> {
    this.selfStart ??= processStartTime(this.selfPid);
    return this.selfStart;
  }

  private async read(): Promise<ProcessRecord[]> {
    // A damaged file is moved aside (its records kept for the user) and a new one started.
    const data = await readJsonFileTolerant(this.file, this.options);
    return Array.isArray(data) ? data.filter(isRecord) : [];
  }

  private update(change: (records: ProcessRecord[]) => ProcessRecord[]): Promise<void> {
    // Under the file's lock: the window and every `lena` process record their servers here.
    return withLockedFile(this.file, async () => {
      await writeJsonFile(this.file, change(await this.read()));
    });
  }
}

const same = (a: ProcessRecord, b: ProcessRecord) =>
  a.pid === b.pid && a.startTime === b.startTime && a.lenaPid === b.lenaPid;

function isRecord(value: unknown): value is ProcessRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const int = (k: string) => Number.isInteger(r[k]) && (r[k] as number) > 0;
  return (
    int('pid') &&
    int('pgid') &&
    (r.pgid as number) > 1 &&
    int('startTime') &&
    int('lenaPid') &&
    int('lenaStartTime') &&
    typeof r.command === 'string' &&
    typeof r.server === 'string'
  );
}
