// Issue 17: sampling uses the user's key, so it counts toward their usage. Each answered request
// adds its tokens to the asking server's tally, kept in Lena's home (`sampling-usage.json`) so the
// server's page can say what the server has cost so far, and since when, and so the day's tokens
// bound what it may spend (askLimits.samplingTokensPerDay) across restarts. A tally is kept under
// the server's identity key (server-records.ts), so a project server never shares a user server's.
// Writes are queued per file and atomic (core/base); a damaged file is kept aside (base's policy)
// and the tally starts again.
import { readJsonFileOrSetAside, writeJsonFile } from '../base/json-file';

export interface SamplingTally {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** When the tally began (epoch ms). */
  since: number;
  /** The tokens of one day (the local calendar day, YYYY-MM-DD): the latest day with a request. */
  daily?: DailyTally;
}

export interface DailyTally {
  day: string;
  requests: number;
  tokens: number;
}

/** The local calendar day of `at`, as YYYY-MM-DD. */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const count = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
const validDaily = (d: unknown): d is DailyTally => {
  const t = d as Partial<DailyTally> | undefined;
  return (
    typeof t?.day === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(t.day) &&
    count(t.requests) &&
    count(t.tokens)
  );
};

export class SamplingUsage {
  private constructor(
    private readonly file: string | undefined,
    private readonly tallies: Record<string, SamplingTally>,
    /** Set when the file was damaged and moved aside: for the start-up notices. */
    readonly warnings: readonly string[] = [],
    private readonly now: () => number = Date.now,
  ) {}

  /** `file` unset: memory only (tests, the command line without a home). */
  static async open(file?: string, now: () => number = Date.now): Promise<SamplingUsage> {
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
        if (![t?.requests, t?.inputTokens, t?.outputTokens, t?.since].every(count)) continue;
        // A damaged day's count is dropped alone; the totals stay.
        const { daily, ...totals } = t as SamplingTally;
        tallies[server] = validDaily(daily) ? { ...totals, daily } : totals;
      }
    }
    return new SamplingUsage(file, tallies, warnings, now);
  }

  /** Tokens (input and output) used under `server` today. */
  today(server: string): number {
    const daily = this.tallies[server]?.daily;
    return daily && daily.day === dayOf(this.now()) ? daily.tokens : 0;
  }

  get(server: string): SamplingTally | null {
    return this.tallies[server] ?? null;
  }

  /** Adds one answered request (the Messages API's usage); resolves once it is on disk. */
  async add(
    server: string,
    usage:
      | {
          input_tokens?: number | null;
          output_tokens?: number | null;
          cache_read_input_tokens?: number | null;
          cache_creation_input_tokens?: number | null;
        }
      | undefined,
  ): Promise<void> {
    const now = this.now();
    const t = (this.tallies[server] ??= {
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      since: now,
    });
    const input =
      (usage?.input_tokens ?? 0) +
      (usage?.cache_read_input_tokens ?? 0) +
      (usage?.cache_creation_input_tokens ?? 0);
    const output = usage?.output_tokens ?? 0;
    t.requests += 1;
    t.inputTokens += input;
    t.outputTokens += output;
    const day = dayOf(now);
    if (t.daily?.day !== day) t.daily = { day, requests: 0, tokens: 0 };
    t.daily.requests += 1;
    t.daily.tokens += input + output;
    if (this.file) await writeJsonFile(this.file, this.tallies).catch(() => undefined);
  }

  /** The keys of the servers with a tally. */
  serverKeys(): string[] {
    return Object.keys(this.tallies);
  }

  /** Moves a tally to another key (never over a tally already there); false when nothing moved. */
  async moveServer(from: string, to: string): Promise<boolean> {
    const tally = this.tallies[from];
    if (!tally || Object.hasOwn(this.tallies, to)) return false;
    this.tallies[to] = tally;
    delete this.tallies[from];
    if (this.file) await writeJsonFile(this.file, this.tallies);
    return true;
  }

  /** The user reset the tally on the server's page. */
  async reset(server: string): Promise<void> {
    delete this.tallies[server];
    if (this.file) await writeJsonFile(this.file, this.tallies).catch(() => undefined);
  }
}
