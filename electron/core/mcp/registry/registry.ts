// Every connected server's tools under the names Claude sees. The manager feeds tool lists in
// (after connect, `list_changed`, reload); the chat reads Anthropic definitions out and resolves
// the names the model calls back to a server and tool. Disabled tools keep their names (so
// disabling one never renames another) but are not offered to the model.
import type { Tool } from '../../../../shared/mcp-types';
import { modelVisible } from '../apps/ui-meta';
import { assignQualifiedNames, refKey, type ToolRef } from './names';
import { estimateTokens, toAnthropicTool, type AnthropicTool } from './schemas';
import { ArgumentValidator, type ArgumentCheck } from './validate';

export interface RegisteredTool {
  qualifiedName: string;
  server: string;
  /** The tool exactly as the server listed it (original name, schema, annotations). */
  tool: Tool;
  definition: AnthropicTool;
  enabled: boolean;
  /** Estimated tokens this definition costs in every request. */
  tokens: number;
}

export interface ServerToolCost {
  server: string;
  /** Enabled tools only: those are the ones sent. */
  tools: number;
  tokens: number;
}

export interface RegistryChange {
  reason: 'tools' | 'removed' | 'disabled';
  /** The server concerned; absent when per-tool disabling changed. */
  server?: string;
}

/** Tools a server listed that the registry could not take. */
export interface DroppedTool {
  name: unknown;
  reason: string;
}

type Listener = (change: RegistryChange) => void;

export class ToolRegistry {
  private readonly byServer = new Map<string, Tool[]>();
  private registered = new Map<string, RegisteredTool>();
  private disabled: Set<string>;
  private readonly listeners = new Set<Listener>();
  private readonly validator = new ArgumentValidator();

  constructor(options: { disabledTools?: Iterable<string> } = {}) {
    this.disabled = new Set(options.disabledTools ?? []);
  }

  /** Replaces a server's tools. Returns the entries that were refused (no name, duplicates). */
  setServerTools(server: string, tools: readonly Tool[]): DroppedTool[] {
    const dropped: DroppedTool[] = [];
    const seen = new Set<string>();
    const kept: Tool[] = [];
    for (const tool of tools) {
      const name = (tool as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || name === '')
        dropped.push({ name, reason: 'a tool needs a non-empty string "name"' });
      else if (seen.has(name))
        dropped.push({
          name,
          reason: `the server listed "${name}" more than once; the first is used`,
        });
      else {
        seen.add(name);
        kept.push(tool);
      }
    }
    const before = this.byServer.get(server);
    if (before && JSON.stringify(before) === JSON.stringify(kept)) return dropped;
    this.byServer.set(server, kept);
    this.rebuild();
    this.emit({ reason: 'tools', server });
    return dropped;
  }

  removeServer(server: string): void {
    if (!this.byServer.delete(server)) return;
    this.rebuild();
    this.emit({ reason: 'removed', server });
  }

  /** The qualified names the user disabled (from settings.json); replaces the previous set. */
  setDisabledTools(qualifiedNames: Iterable<string>): void {
    const next = new Set(qualifiedNames);
    if (next.size === this.disabled.size && [...next].every((n) => this.disabled.has(n))) return;
    this.disabled = next;
    for (const entry of this.registered.values())
      entry.enabled = !next.has(entry.qualifiedName) && modelVisible(entry.tool);
    this.emit({ reason: 'disabled' });
  }

  /** Every tool, enabled or not, by server name then the server's listing order (for the UI). */
  tools(server?: string): RegisteredTool[] {
    const all = [...this.registered.values()];
    return server === undefined ? all : all.filter((t) => t.server === server);
  }

  /** The servers that listed tools (an empty list included), in name order. */
  servers(): string[] {
    return [...this.byServer.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Definitions of the enabled tools, for the Messages API `tools` parameter. */
  anthropicTools(): AnthropicTool[] {
    return this.tools()
      .filter((t) => t.enabled)
      .map((t) => t.definition);
  }

  /** The user switched this tool off (an app-only tool is not offered to the model, but is not "disabled"). */
  isDisabled(qualifiedName: string): boolean {
    return this.disabled.has(qualifiedName);
  }

  /** What a qualified name refers to (disabled tools too: the caller says why it cannot run). */
  resolve(qualifiedName: string): RegisteredTool | undefined {
    return this.registered.get(qualifiedName);
  }

  /** The qualified name of a server's tool, if listed. */
  qualifiedName(server: string, tool: string): string | undefined {
    return this.tools(server).find((t) => t.tool.name === tool)?.qualifiedName;
  }

  /** Checks arguments against the tool's input schema; unknown names fail with a readable message. */
  async validateArguments(qualifiedName: string, args: unknown): Promise<ArgumentCheck> {
    const entry = this.registered.get(qualifiedName);
    if (!entry)
      return {
        ok: false,
        message: `There is no tool named ${qualifiedName}; use one of the tools listed.`,
      };
    return this.validator.check(qualifiedName, entry.tool.inputSchema, args);
  }

  /** Token cost per server, largest first, so the UI can show which servers crowd the context. */
  tokenCosts(): ServerToolCost[] {
    const costs: ServerToolCost[] = [];
    for (const server of this.byServer.keys()) {
      const enabled = this.tools(server).filter((t) => t.enabled);
      costs.push({
        server,
        tools: enabled.length,
        tokens: estimateTokens(enabled.map((t) => t.definition)),
      });
    }
    return costs.sort((a, b) => b.tokens - a.tokens);
  }

  /** Subscribes to changes of the tool set; returns the unsubscribe function. */
  on(event: 'changed', listener: Listener): () => void {
    if (event !== 'changed') throw new Error(`ToolRegistry has no event "${String(event)}"`);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: RegistryChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch {
        // One faulty listener must not stop the others or the caller.
      }
    }
  }

  private rebuild(): void {
    const refs: { server: string; tool: Tool }[] = [];
    // Servers in name order, not connect order: servers start in parallel and reconnect, and a
    // tool list that reorders between turns defeats the API's prompt cache.
    for (const server of this.servers())
      for (const tool of this.byServer.get(server) ?? []) refs.push({ server, tool });
    const names = assignQualifiedNames(
      refs.map((r): ToolRef => ({ server: r.server, tool: r.tool.name })),
    );
    const next = new Map<string, RegisteredTool>();
    for (const { server, tool } of refs) {
      const qualifiedName = names.get(refKey({ server, tool: tool.name }))!;
      const previous = this.registered.get(qualifiedName);
      // Unchanged servers keep their entries: a list_changed rebuilds only what it touched.
      if (previous && previous.tool === tool && previous.server === server) {
        next.set(qualifiedName, previous);
        continue;
      }
      const definition = toAnthropicTool(qualifiedName, server, tool);
      next.set(qualifiedName, {
        qualifiedName,
        server,
        tool,
        definition,
        // MCP Apps: an app-only tool (visibility ["app"]) is never offered to the model.
        enabled: !this.disabled.has(qualifiedName) && modelVisible(tool),
        tokens: estimateTokens([definition]),
      });
    }
    this.registered = next;
  }
}
