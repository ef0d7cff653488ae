// The acceptance step of building a request's `tools`: of the registry's enabled tools, only
// those the user accepted (each server's baseline, and tools accepted since) are sent. A changed
// tool is left out until its change is accepted, never sent with its old definition.
import type { AnthropicTool } from '../mcp/registry/schemas';
import type { ToolRegistry } from '../mcp/registry/registry';
import type { Availability } from './availability';
import type { PermissionService } from './service';

/** The definitions a request may carry, in the registry's order. Seals baselines still open. */
export function acceptedTools(
  registry: ToolRegistry,
  permissions: PermissionService,
): AnthropicTool[] {
  return accepted(registry, permissions, true);
}

/** `onlyEnabled`: the global switches too; without it, acceptance alone (a chat may switch a tool on). */
function accepted(
  registry: ToolRegistry,
  permissions: PermissionService,
  onlyEnabled: boolean,
): AnthropicTool[] {
  const out: AnthropicTool[] = [];
  for (const server of registry.servers()) {
    // Every listed tool counts for the baseline, switched off or not; only enabled ones are sent.
    const listed = registry.tools(server);
    const offered = new Set(
      permissions
        .offer(
          server,
          listed.map((t) => t.tool),
        )
        .map((t) => t.name),
    );
    for (const entry of listed)
      if ((entry.enabled || !onlyEnabled) && offered.has(entry.tool.name))
        out.push(entry.definition);
  }
  return out;
}

/**
 * The acceptance step as a filter for the request's tools builder: true for a tool that must not
 * be sent (new since the baseline, or changed and not yet accepted). Seals baselines still open.
 */
export function withheldTools(
  registry: ToolRegistry,
  permissions: PermissionService,
): (qualifiedName: string) => boolean {
  // The switches (global and per conversation) are step 1 of the builder, not this filter's concern.
  const ok = new Set(accepted(registry, permissions, false).map((t) => t.name));
  const listed = new Set(registry.tools().map((t) => t.qualifiedName));
  return (qualifiedName) => listed.has(qualifiedName) && !ok.has(qualifiedName);
}

/** What to tell a user who cannot see the server page (the command line), or null. */
export function pendingToolsNotice(
  server: string,
  pending: Pick<Availability, 'new' | 'held'>,
  where = "on the server's page in Lena's window",
): string | null {
  const parts = [
    pending.new.length
      ? `${pending.new.length} new (${pending.new.map((t) => t.name).join(', ')})`
      : null,
    pending.held.length
      ? `${pending.held.length} changed (${pending.held.map((t) => t.name).join(', ')})`
      : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `${server}: tools ${parts.join(' and ')} since you approved the server are not offered to Claude; review and accept them ${where}.`;
}
