// Pinned tool definitions: the definition a user approved is remembered, so a server that later
// swaps a tool's description or schema (a "rug pull") gets its calls held until the user re-accepts.
import { stableHash, stableStringify } from './stable-json';
import { set, TwoLevelFile } from './two-level-file';
import type { DefinitionChange, Held, ToolDefinition } from './types';

/** What is pinned of a tool: what the model reads and what the dialog trusts. */
export interface PinnedDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: unknown;
}

export interface Pin {
  hash: string;
  definition: PinnedDefinition;
  pinnedAt: string;
}

export type PinCheck = { status: 'unpinned' } | { status: 'pinned' } | { status: 'changed'; held: Held };

export function pinnedDefinition(tool: ToolDefinition): PinnedDefinition {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
  };
}

/** Hash of a tool's name, title, description, input schema and annotations (key order ignored). */
export function definitionHash(tool: ToolDefinition): string {
  return stableHash(pinnedDefinition(tool));
}

/** Field-level changes between the pinned and the current definition. */
export function diffDefinitions(before: PinnedDefinition, after: PinnedDefinition): DefinitionChange[] {
  const fields = ['name', 'title', 'description', 'inputSchema', 'annotations'] as const;
  return fields
    .filter((field) => stableStringify(before[field] ?? null) !== stableStringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const isPin = (value: unknown): value is Pin =>
  value !== null && typeof value === 'object' && typeof (value as Pin).hash === 'string' && typeof (value as Pin).definition === 'object';

const makePin = (tool: ToolDefinition, now: Date): Pin => ({
  hash: definitionHash(tool),
  definition: pinnedDefinition(tool),
  pinnedAt: now.toISOString(),
});

/** The pins of every server, cached in memory and persisted to `pins.json` when a path is given. */
export class PinStore {
  private constructor(private readonly file: TwoLevelFile<Pin>) {}

  static async open(path?: string): Promise<PinStore> {
    const store = new PinStore(new TwoLevelFile(path, 'servers', isPin));
    await store.reload();
    return store;
  }

  /** Problems met reading the file (a corrupt file is moved aside and every tool asks again). */
  get warnings(): readonly string[] {
    return this.file.warnings;
  }

  reload(): Promise<void> {
    return this.file.reload();
  }

  /** Compares the current definition with the pinned one. */
  check(server: string, tool: ToolDefinition): PinCheck {
    const pin = this.file.get(server, tool.name);
    if (!pin) return { status: 'unpinned' };
    if (pin.hash === definitionHash(tool)) return { status: 'pinned' };
    const diff = diffDefinitions(pin.definition, pinnedDefinition(tool));
    return { status: 'changed', held: { reason: 'definition changed', diff } };
  }

  get(server: string, toolName: string): Pin | undefined {
    return this.file.get(server, toolName);
  }

  /** Pins (or re-pins, accepting a changed definition) one tool. */
  async pin(server: string, tool: ToolDefinition, now = new Date()): Promise<void> {
    await this.file.mutate((pins) => set(pins, server, tool.name, makePin(tool, now)));
  }

  /** Pins the tools not pinned yet (first sight from a trusted server); changed ones stay held. */
  async pinNew(server: string, tools: readonly ToolDefinition[], now = new Date()): Promise<void> {
    await this.file.mutate((pins) => {
      for (const tool of tools) if (!pins.get(server)?.has(tool.name)) set(pins, server, tool.name, makePin(tool, now));
    });
  }

  /** Forgets a server's pins (the server was removed). */
  async forgetServer(server: string): Promise<void> {
    await this.file.mutate((pins) => pins.delete(server));
  }
}
