// A tool as the servers page shows it: the registry's entry (names, schema, token cost, enabled)
// plus what the permissions know of its definition (accepted, changed, new, rejected) and the
// MCP Apps view it declares.
import type { ToolInfo } from '../../../../shared/server-types';
import { appToolInfo } from '../../mcp/apps/ui-meta';
import type { RegisteredTool } from '../../mcp/registry/registry';
import type { PermissionService } from '../../permissions/service';

export function toolInfoView(permissions: PermissionService, t: RegisteredTool): ToolInfo {
  const app = appToolInfo(t.tool);
  return {
    server: t.server,
    name: t.tool.name,
    qualifiedName: t.qualifiedName,
    title: t.tool.title ?? t.tool.annotations?.title ?? null,
    description: t.tool.description ?? '',
    inputSchema: t.tool.inputSchema ?? { type: 'object' },
    annotations: t.tool.annotations ?? {},
    icons: t.tool.icons ?? [],
    enabled: t.enabled,
    tokens: t.tokens,
    pin: pinStatus(permissions, t),
    // MCP Apps: the tool's view, when it declares one.
    ...(app ? { app } : {}),
  };
}

/** What the tools tab says of a tool: accepted as is, changed, new since the baseline, rejected. */
function pinStatus(permissions: PermissionService, t: RegisteredTool): ToolInfo['pin'] {
  const standing = permissions.standing(t.server, t.tool);
  if (standing !== 'offered') return standing;
  return permissions.acceptance?.check(t.server, t.tool).status === 'pinned'
    ? 'pinned'
    : 'unpinned';
}
