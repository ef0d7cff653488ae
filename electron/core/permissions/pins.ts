// Pinned tool definitions: the definition a user approved is remembered, so a server that later
// swaps a tool's description or schema (a "rug pull") gets its calls held until the user re-accepts.
import { pinnedView } from '../mcp/apps/ui-meta';
import { stableHash, stableStringify } from '../base/stable-json';
import { set, TwoLevelFile } from './two-level-file';
import type { DefinitionChange, Held, ToolDefinition } from './types';

/** What is pinned of a tool: what the model reads and what the dialog trusts. */
export interface PinnedDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: unknown;
  /** MCP Apps: the view's URI, the tool's visibility and the hash of the view's HTML and CSP (absent for a plain tool). */
  view?: unknown;
}

const FIELDS = ['name', 'title', 'description', 'inputSchema', 'annotations', 'view'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A pin keeps a hash of every field and the fields themselves, except an input schema larger
 * than this: keeping those whole made pins.json tens of megabytes and every approval slow.
 */
export const MAX_KEPT_SCHEMA_CHARS = 4096;

export interface Pin {
  hash: string;
  /** Hash of each field, so a change is found even in a field not kept whole. */
  fields: Record<Field, string>;
  definition: PinnedDefinition;
  /** Set when the input schema was too large to keep whole (its hash is still compared). */
  schemaNotKept?: true;
  pinnedAt: string;
}

export type PinCheck =
  { status: 'unpinned' } | { status: 'pinned' } | { status: 'changed'; held: Held };

export function pinnedDefinition(tool: ToolDefinition): PinnedDefinition {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    // Undefined for a plain tool, so the hashes of pins made before views existed still match.
    view: pinnedView(tool),
  };
}

/** Hash of a tool's name, title, description, input schema, annotations and view (key order ignored). */
export function definitionHash(tool: ToolDefinition): string {
  return stableHash(pinnedDefinition(tool));
}

const fieldHashes = (definition: PinnedDefinition): Record<Field, string> =>
  Object.fromEntries(
    FIELDS.map((field) => [field, stableHash(definition[field] ?? null)]),
  ) as Record<Field, string>;

/** Field-level changes between a pin and the current definition. */
export function diffDefinitions(
  pin: Pick<Pin, 'definition'> & Partial<Pick<Pin, 'fields' | 'schemaNotKept'>>,
  after: PinnedDefinition,
): DefinitionChange[] {
  const pinned = pin.fields ?? fieldHashes(pin.definition);
  const now = fieldHashes(after);
  // A pin written before a field existed did not hash it: it had none.
  const none = stableHash(null);
  return FIELDS.filter((field) => (pinned[field] ?? none) !== now[field]).map((field) => ({
    field,
    before:
      field === 'inputSchema' && pin.schemaNotKept
        ? `(not kept: larger than ${MAX_KEPT_SCHEMA_CHARS} characters)`
        : pin.definition[field],
    after: after[field],
  }));
}

const isPin = (value: unknown): value is Pin =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Pin).hash === 'string' &&
  typeof (value as Pin).definition === 'object';

function makePin(tool: ToolDefinition, now: Date): Pin {
  const definition = pinnedDefinition(tool);
  const fields = fieldHashes(definition);
  const tooLarge = stableStringify(definition.inputSchema ?? null).length > MAX_KEPT_SCHEMA_CHARS;
  if (tooLarge) delete definition.inputSchema;
  return {
    hash: definitionHash(tool),
    fields,
    definition,
    ...(tooLarge ? { schemaNotKept: true as const } : {}),
    pinnedAt: now.toISOString(),
  };
}

/** The pins of every server, cached in memory and persisted to `pins.json` when a path is given. */
export class PinStore extends TwoLevelFile<Pin> {
  private constructor(path: string | undefined) {
    super(path, 'servers', isPin);
  }

  static open(path?: string): Promise<PinStore> {
    return TwoLevelFile.opened(new PinStore(path));
  }

  /** The keys of the servers with records (identity keys, or bare names an earlier version wrote). */
  serverKeys(): string[] {
    return this.outerKeys();
  }

  /** Moves a server's records to another key (never over records already there). */
  moveServer(from: string, to: string): Promise<boolean> {
    return this.moveOuter(from, to);
  }

  /** Compares the current definition with the pinned one. */
  check(server: string, tool: ToolDefinition): PinCheck {
    const pin = this.leaf(server, tool.name);
    if (!pin) return { status: 'unpinned' };
    if (pin.hash === definitionHash(tool)) return { status: 'pinned' };
    const diff = diffDefinitions(pin, pinnedDefinition(tool));
    return { status: 'changed', held: { reason: 'definition changed', diff } };
  }

  get(server: string, toolName: string): Pin | undefined {
    return this.leaf(server, toolName);
  }

  /** Pins (or re-pins, accepting a changed definition) one tool. */
  pin(server: string, tool: ToolDefinition, now = new Date()): Promise<void> {
    return this.pinAll(server, [tool], now);
  }

  /**
   * Pins several tools of one server in one write. A listing's tools are pinned together: one
   * write each re-read and re-wrote the whole file per tool, so a 5,000-tool server took minutes.
   */
  async pinAll(server: string, tools: readonly ToolDefinition[], now = new Date()): Promise<void> {
    await this.mutate((pins) => {
      for (const tool of tools) set(pins, server, tool.name, makePin(tool, now));
    });
  }

  /** Pins the tools not pinned yet (first sight from a trusted server); changed ones stay held. */
  async pinNew(server: string, tools: readonly ToolDefinition[], now = new Date()): Promise<void> {
    await this.mutate((pins) => {
      for (const tool of tools)
        if (!pins.get(server)?.has(tool.name)) set(pins, server, tool.name, makePin(tool, now));
    });
  }

  /** Forgets a server's pins (the server was removed). */
  async forgetServer(server: string): Promise<void> {
    await this.mutate((pins) => pins.delete(server));
  }
}
