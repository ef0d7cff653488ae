// The tool-acceptance state of every server: pins (accepted definitions), baselines and
// rejections, with the decisions of this process applied at once. The request builder asks
// synchronously which tools it may send, while pins.json and tool-baselines.json are written in
// the background; what was decided here is seen here immediately, whatever the files say yet.
// Callers name a server; every record (in memory and in the files) is kept under the server's
// identity key (`recordKey`: scope + a hash of its launch entry), so a project server named like
// a user server, or an entry that now runs something else, starts with nothing of the other's.
import { AGENT_TOOL_PREFIX } from '../../../shared/a2a';
import {
  availability,
  standing,
  type AcceptanceFacts,
  type Availability,
  type BaselineRecord,
  type ToolStanding,
} from './availability';
import type { BaselineStore } from './baselines';
import type { PinChecker } from './gate';
import {
  definitionHash,
  diffDefinitions,
  pinnedDefinition,
  type PinCheck,
  type PinnedDefinition,
  type PinStore,
} from './pins';
import type { ToolDefinition } from './types';

/** A delegation to an A2A agent (`a2a__NAME`): its tool is the agent's card, never pinned or held. */
const isAgentTool = (tool: ToolDefinition): boolean => tool.name.startsWith(AGENT_TOOL_PREFIX);

interface PinAhead {
  hash: string;
  pinnedAt: string;
  definition: PinnedDefinition;
}

type Listener = (server: string) => void;

export class ToolAcceptance implements PinChecker {
  private readonly pinsAhead = new Map<string, Map<string, PinAhead>>();
  private readonly baselinesAhead = new Map<string, BaselineRecord>();
  /** `null`: a rejection cleared here that the file may still hold. */
  private readonly rejectionsAhead = new Map<string, Map<string, string | null>>();
  /** Servers whose pins and rejections are being forgotten (a fresh start): the files are stale until then. */
  private readonly forgetting = new Map<string, number>();
  private readonly writes = new Set<Promise<void>>();
  private readonly listeners = new Set<Listener>();
  private readonly hashes = new WeakMap<ToolDefinition, string>();
  /** Writes that failed (the decision stands for this session; the next start asks again). */
  readonly problems: string[] = [];

  constructor(
    private readonly pins: PinStore,
    private readonly baselines: BaselineStore,
    private readonly now: () => Date,
    /** The key of a server's records (its identity); a bare name where no configuration is known. */
    private readonly recordKey: (server: string) => string = (server) => server,
  ) {}

  facts(name: string): AcceptanceFacts {
    const server = this.recordKey(name);
    return {
      baseline: this.baselinesAhead.get(server) ?? this.baselines.baseline(server),
      pin: (tool) => {
        const ahead = this.pinsAhead.get(server)?.get(tool);
        if (ahead) return ahead;
        if (this.forgetting.has(server)) return undefined;
        const pin = this.pins.get(server, tool);
        return pin && { hash: pin.hash, pinnedAt: pin.pinnedAt };
      },
      rejected: (tool) => {
        const ahead = this.rejectionsAhead.get(server);
        if (ahead?.has(tool)) return ahead.get(tool) ?? undefined;
        return this.forgetting.has(server) ? undefined : this.baselines.rejected(server, tool);
      },
      hash: (tool) => this.hashOf(tool),
    };
  }

  /** Every request asks about every tool: a listed definition is hashed once (the registry keeps the object). */
  private hashOf(tool: ToolDefinition): string {
    let hash = this.hashes.get(tool);
    if (hash === undefined) this.hashes.set(tool, (hash = definitionHash(tool)));
    return hash;
  }

  availability(name: string, tools: readonly ToolDefinition[]): Availability {
    return availability(this.facts(name), tools);
  }

  standing(name: string, tool: ToolDefinition): ToolStanding {
    if (isAgentTool(tool)) return 'offered';
    return standing(this.facts(name), tool).standing;
  }

  /** The gate's pin check, with this process's decisions applied. */
  check(name: string, tool: ToolDefinition): PinCheck {
    if (isAgentTool(tool)) return { status: 'pinned' };
    const server = this.recordKey(name);
    const ahead = this.pinsAhead.get(server)?.get(tool.name);
    if (!ahead) return this.pins.check(server, tool);
    if (ahead.hash === this.hashOf(tool)) return { status: 'pinned' };
    return {
      status: 'changed',
      held: {
        reason: 'definition changed',
        diff: diffDefinitions({ definition: ahead.definition }, pinnedDefinition(tool)),
      },
    };
  }

  /** A server listed its tools: while its baseline is open, they join it. */
  async listed(name: string, tools: readonly ToolDefinition[]): Promise<void> {
    const server = this.recordKey(name);
    if (this.facts(name).baseline === undefined)
      this.setBaseline(server, { state: 'open', openedAt: this.now().toISOString() });
    const { baseline } = this.availability(name, tools);
    this.pin(server, baseline);
    if (baseline.length > 0) this.changed(name);
    await this.settled();
  }

  /**
   * The tools of `server` that may be sent to the model now. An open baseline takes the tools
   * offered and closes: from here on, a new or changed tool waits for the user.
   */
  offer(name: string, tools: readonly ToolDefinition[]): ToolDefinition[] {
    const server = this.recordKey(name);
    const result = this.availability(name, tools);
    const baseline = this.facts(name).baseline;
    if (baseline === undefined || baseline.state === 'open') {
      this.pin(server, result.baseline);
      const now = this.now().toISOString();
      this.setBaseline(server, {
        state: 'sealed',
        openedAt: baseline?.openedAt ?? now,
        sealedAt: now,
      });
    }
    return result.offered;
  }

  /** The user accepted a new or changed tool (this definition). */
  async accept(name: string, tool: ToolDefinition): Promise<void> {
    if (isAgentTool(tool)) return;
    const server = this.recordKey(name);
    this.pin(server, [tool]);
    this.setRejection(server, tool.name, null, () =>
      this.baselines.clearRejection(server, tool.name),
    );
    this.changed(name);
    await this.settled();
  }

  /** The user rejected a new or changed tool: it stays out, and is not asked about again until it changes. */
  async reject(name: string, tool: ToolDefinition): Promise<void> {
    const server = this.recordKey(name);
    const hash = this.hashOf(tool);
    this.setRejection(server, tool.name, hash, () =>
      this.baselines.reject(server, tool.name, hash, this.now()),
    );
    this.changed(name);
    await this.settled();
  }

  /**
   * Starts a new baseline (the user added, approved or trusted the server). With `current`, the
   * tools listed now are the baseline and it closes at once (trusting a connected server); with
   * `fresh` (added or approved), earlier acceptances and rejections under this name are forgotten.
   */
  async rebaseline(
    name: string,
    options: { current?: readonly ToolDefinition[]; fresh?: boolean } = {},
  ): Promise<void> {
    const server = this.recordKey(name);
    const openedAt = this.now().toISOString();
    const forgotten = options.fresh ? this.forget(server) : undefined;
    this.setBaseline(server, { state: 'open', openedAt }, forgotten);
    if (options.current) this.offer(name, options.current);
    this.changed(name);
    await this.settled();
  }

  /** Resolves once every write started so far has finished. */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
  }

  /** Called after a server's standing changed (listing, accept, reject, baseline). */
  onChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(server: string): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(server);
      } catch {
        // A faulty listener must not stop the others.
      }
    }
  }

  /** A fresh start of `server` (a record key): what was accepted or rejected before no longer counts. */
  /** Returns the callback the baseline write (which clears the rejections) calls when done. */
  private forget(server: string): () => void {
    this.pinsAhead.delete(server);
    this.rejectionsAhead.delete(server);
    // Two writes (pins.json, tool-baselines.json); until both are done the files are stale.
    this.forgetting.set(server, (this.forgetting.get(server) ?? 0) + 2);
    const done = () => {
      const left = (this.forgetting.get(server) ?? 1) - 1;
      if (left > 0) this.forgetting.set(server, left);
      else this.forgetting.delete(server);
    };
    // Writes to one file run in order: pins made after this one land after it.
    this.write(
      `the old pins of ${server} could not be removed`,
      () => this.pins.forgetServer(server),
      done,
    );
    return done;
  }

  /** Pins tools of one server, in one write (a listing's baseline can be thousands of tools). */
  private pin(server: string, tools: readonly ToolDefinition[]): void {
    if (tools.length === 0) return;
    const now = this.now();
    const map = this.pinsAhead.get(server) ?? new Map<string, PinAhead>();
    const ahead = tools.map((tool) => {
      const pin: PinAhead = {
        hash: this.hashOf(tool),
        pinnedAt: now.toISOString(),
        definition: pinnedDefinition(tool),
      };
      map.set(tool.name, pin);
      return [tool.name, pin] as const;
    });
    this.pinsAhead.set(server, map);
    const what =
      tools.length === 1
        ? `the definition of ${tools[0].name}`
        : `the definitions of ${tools.length} tools of ${server}`;
    this.write(
      `${what} could not be pinned`,
      () => this.pins.pinAll(server, tools, now),
      () => {
        for (const [name, pin] of ahead)
          if (this.pinsAhead.get(server)?.get(name) === pin)
            this.pinsAhead.get(server)?.delete(name);
      },
    );
  }

  /** With `forgotten`, the server's rejections are cleared too, and `forgotten` is called once written. */
  private setBaseline(server: string, record: BaselineRecord, forgotten?: () => void): void {
    this.baselinesAhead.set(server, record);
    this.write(
      `the tool baseline of ${server} could not be saved`,
      () => this.baselines.setBaseline(server, record, forgotten !== undefined),
      () => {
        if (this.baselinesAhead.get(server) === record) this.baselinesAhead.delete(server);
        forgotten?.();
      },
    );
  }

  private setRejection(
    server: string,
    tool: string,
    hash: string | null,
    persist: () => Promise<void>,
  ): void {
    const map = this.rejectionsAhead.get(server) ?? new Map<string, string | null>();
    map.set(tool, hash);
    this.rejectionsAhead.set(server, map);
    // Kept after the write: a cleared rejection must not come back from a stale read of the file.
    this.write(`the decision about ${tool} could not be saved`, persist, () => undefined);
  }

  /** Writes in the background, in order per process (the stores serialise per file). */
  private write(what: string, persist: () => Promise<void>, done: () => void): void {
    const promise = persist()
      .then(done, (error: unknown) => {
        this.problems.push(`${what}: ${(error as Error).message}`);
      })
      .finally(() => this.writes.delete(promise));
    this.writes.add(promise);
  }
}
