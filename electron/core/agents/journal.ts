// The delegations a running Lena follows, on disk (`delegations.json` in Lena's home): a task an
// agent keeps running when Lena quits is followed again at the next start. Written whole and
// atomically at each change; a damaged file is set aside and Lena starts without it.
import { readJsonFileTolerant, writeJsonFile } from '../base/json-file';

/** One delegation in flight: the tool call it answers (`conversationId/toolUseId`) and the task. */
export interface DelegationRecord {
  key: string;
  agent: string;
  taskId: string;
  contextId: string | null;
  startedAt: number;
}

export class DelegationJournal {
  private records = new Map<string, DelegationRecord>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string) {}

  static async open(file: string): Promise<DelegationJournal> {
    const journal = new DelegationJournal(file);
    const raw = (await readJsonFileTolerant(file)) as { delegations?: unknown } | undefined;
    const list = Array.isArray(raw?.delegations) ? raw.delegations : [];
    for (const r of list as DelegationRecord[])
      if (typeof r?.key === 'string' && typeof r.taskId === 'string' && typeof r.agent === 'string')
        journal.records.set(r.key, r);
    return journal;
  }

  waiting(): DelegationRecord[] {
    return [...this.records.values()];
  }

  record(record: DelegationRecord): void {
    this.records.set(record.key, record);
    this.save();
  }

  forget(key: string): void {
    if (this.records.delete(key)) this.save();
  }

  /** Resolves once every change so far is on disk. */
  settled(): Promise<void> {
    return this.writing;
  }

  private save(): void {
    const value = { delegations: this.waiting() };
    this.writing = this.writing.then(() => writeJsonFile(this.file, value)).catch(() => undefined);
  }
}
