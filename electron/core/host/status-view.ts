// A server's status as the window and the command line show it: the manager's own state plus what
// only the permissions and the registry know (trust, suspension, token cost, the approval asked).
import type { ServerStatus } from '../../../shared/server-types';
import { entryHash } from '../mcp/config/identity';
import type { McpManager } from '../mcp/manager/manager';
import type { ServerSession } from '../mcp/manager/server-session';
import type { ToolRegistry } from '../mcp/registry/registry';
import { approvalRequest } from '../permissions/project-approval';
import type { PermissionService } from '../permissions/service';
import { trustStatus } from '../permissions/trust';
import { approvalView } from '../permissions/view';
import { serverIdentity } from './wiring';

export type StatusDecorator = (status: ServerStatus, session?: ServerSession) => ServerStatus;

/** Builds the decorator; `manager` is read at call time (it is created after the decorator). */
export function statusDecorator(parts: { manager: () => McpManager | undefined; registry: ToolRegistry; permissions: PermissionService }): StatusDecorator {
  return (status, session) => {
    const manager = parts.manager();
    if (!manager) return status;
    const identity = serverIdentity(manager, status.name);
    const cost = parts.registry.tokenCosts().find((c) => c.server === status.name);
    const entry = session?.configured.entry ?? manager.session(status.name)?.configured.entry;
    const trust = trustStatus(parts.permissions.current(), identity);
    return {
      ...status,
      trusted: trust.trusted,
      suspended: trust.note ?? null,
      toolTokens: cost?.tokens ?? 0,
      approval: status.status === 'needs-approval' && entry ? approvalView(approvalRequest(status.name, entry, entryHash(entry))) : null,
    };
  };
}
