// The acceptance step of building a request's `tools`: of the registry's enabled tools, only
// those the user accepted (each server's baseline, and tools accepted since) are sent. A changed
// tool is left out until its change is accepted, never sent with its old definition.
import type { AnthropicTool } from '../mcp/registry/schemas';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { PermissionService } from './service';

/** The definitions a request may carry, in the registry's order. Seals baselines still open. */
export function acceptedTools(registry: ToolRegistry, permissions: PermissionService): AnthropicTool[] {
  const out: AnthropicTool[] = [];
  for (const server of registry.servers()) {
    // Every listed tool counts for the baseline, switched off or not; only enabled ones are sent.
    const listed = registry.tools(server);
    const offered = new Set(permissions.offer(server, listed.map((t) => t.tool)).map((t) => t.name));
    for (const entry of listed) if (entry.enabled && offered.has(entry.tool.name)) out.push(entry.definition);
  }
  return out;
}
