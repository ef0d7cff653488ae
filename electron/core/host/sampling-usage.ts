// Issue 17: sampling uses the user's key, so it counts toward their usage. Each answered request
// adds its tokens to the asking server's tally, kept in Lena's home (`sampling-usage.json`) so the
// server's page can say what the server has cost so far, and since when. Writes are queued per
// file and atomic (core/base); a damaged file is kept aside (base's policy) and the tally starts again.
import { readJsonFileOrSetAside, writeJsonFile } from '../base/json-file';

export interface SamplingTally {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** When the tally began (epoch ms). */
  since: number;
}

export class SamplingUsage {
  private constructor(
    private readonly file: string | undefined,
    private readonly tallies: Record<string, SamplingTally>,
    /** Set when the file was damaged and moved aside: for the start-up notices. */
    readonly warnings: readonly string[] = [],
  ) {}

  /** `file` unset: memory only (tests, the command line without a home). */
  static async open(file?: string): Promise<SamplingUsage> {
    let stored: unknown;
    const warnings: string[] = [];
    try {
      const read = file ? await readJsonFileOrSetAside(file) : { value: undefined };
      if (read.warning) warnings.push(read.warning);
      stored = read.value;
    } catch {
      stored = undefined; // unreadable (not a JSON problem): the tally starts again
    }
    const tallies: Record<string, SamplingTally> = {};
    if (stored && typeof stored === 'object') {
      for (const [server, t] of Object.entries(stored as Record<string, Partial<SamplingTally>>)) {
        if ([t?.requests, t?.inputTokens, t?.outputTokens, t?.since].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) tallies[server] = t as SamplingTally;
      }
    }
    return new SamplingUsage(file, tallies, warnings);
  }

  get(server: string): SamplingTally | null {
    return this.tallies[server] ?? null;
  }

  /** Adds one answered request (the Messages API's usage); resolves once it is on disk. */
  async add(server: string, usage: { input_tokens?: number | null; output_tokens?: number | null; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null } | undefined): Promise<void> {
    const t = (this.tallies[server] ??= { requests: 0, inputTokens: 0, outputTokens: 0, since: Date.now() });
    t.requests += 1;
    t.inputTokens += (usage?.input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0);
    t.outputTokens += usage?.output_tokens ?? 0;
    if (this.file) await writeJsonFile(this.file, this.tallies).catch(() => undefined);
  }

  /** The user reset the tally on the server's page. */
  async reset(server: string): Promise<void> {
    delete this.tallies[server];
    if (this.file) await writeJsonFile(this.file, this.tallies).catch(() => undefined);
  }
}
