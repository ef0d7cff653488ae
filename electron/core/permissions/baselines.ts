// Each server's tool baseline and the tool definitions the user rejected, kept in
// `tool-baselines.json` beside pins.json (server → key → leaf; the baseline under the empty key,
// which no tool can have: the registry refuses empty names).
import type { BaselineRecord } from './availability';
import { set, TwoLevelFile } from './two-level-file';

type Leaf =
  ({ kind: 'baseline' } & BaselineRecord) | { kind: 'rejected'; hash: string; at: string };

const BASELINE_KEY = '';

const isLeaf = (value: unknown): value is Leaf => {
  const v = value as Partial<Leaf> | null;
  if (v === null || typeof v !== 'object') return false;
  if (v.kind === 'baseline')
    return (v.state === 'open' || v.state === 'sealed') && typeof v.openedAt === 'string';
  return v.kind === 'rejected' && typeof v.hash === 'string';
};

export class BaselineStore extends TwoLevelFile<Leaf> {
  private constructor(path: string | undefined) {
    super(path, 'servers', isLeaf);
  }

  static open(path?: string): Promise<BaselineStore> {
    return TwoLevelFile.opened(new BaselineStore(path));
  }

  /** The keys of the servers with records (identity keys, or bare names an earlier version wrote). */
  serverKeys(): string[] {
    return this.outerKeys();
  }

  /** Moves a server's records to another key (never over records already there). */
  moveServer(from: string, to: string): Promise<boolean> {
    return this.moveOuter(from, to);
  }

  baseline(server: string): BaselineRecord | undefined {
    const leaf = this.leaf(server, BASELINE_KEY);
    return leaf?.kind === 'baseline'
      ? {
          state: leaf.state,
          openedAt: leaf.openedAt,
          ...(leaf.sealedAt ? { sealedAt: leaf.sealedAt } : {}),
        }
      : undefined;
  }

  rejected(server: string, tool: string): string | undefined {
    const leaf = tool === BASELINE_KEY ? undefined : this.leaf(server, tool);
    return leaf?.kind === 'rejected' ? leaf.hash : undefined;
  }

  /** Sets the baseline record; `forgetRejections` clears the server's rejections too (a fresh start). */
  async setBaseline(
    server: string,
    record: BaselineRecord,
    forgetRejections = false,
  ): Promise<void> {
    await this.mutate((data) => {
      if (forgetRejections) data.delete(server);
      set(data, server, BASELINE_KEY, { kind: 'baseline', ...record });
    });
  }

  async reject(server: string, tool: string, hash: string, now: Date): Promise<void> {
    if (tool === BASELINE_KEY) return;
    await this.mutate((data) =>
      set(data, server, tool, { kind: 'rejected', hash, at: now.toISOString() }),
    );
  }

  async clearRejection(server: string, tool: string): Promise<void> {
    if (this.rejected(server, tool) === undefined) return;
    await this.mutate((data) => data.get(server)?.delete(tool));
  }
}
