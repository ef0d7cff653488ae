// A server's status as the window and the command line show it: the manager's own state plus what
// only the permissions and the registry know (trust, suspension, token cost, the approval asked).
import type { ServerEntry } from '../../../shared/server-config';
import type { ProjectApprovalView, ServerStatus } from '../../../shared/server-types';
import { entryHash } from '../mcp/config/identity';
import type { McpManager } from '../mcp/manager/manager';
import type { ServerSession } from '../mcp/manager/server-session';
import type { ToolRegistry } from '../mcp/registry/registry';
import { approvalRequest, type ProjectApprovals } from '../permissions/project-approval';
import type { PermissionService } from '../permissions/service';
import { trustStatus } from '../permissions/trust';
import { approvalView } from '../permissions/view';
import { serverIdentity } from './wiring';

export type StatusDecorator = (status: ServerStatus, session?: ServerSession) => ServerStatus;

/** Builds the decorator; `manager` is read at call time (it is created after the decorator). */
export function statusDecorator(parts: { manager: () => McpManager | undefined; registry: ToolRegistry; permissions: PermissionService; approvals: ProjectApprovals }): StatusDecorator {
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
      pendingTools: pendingTools(parts.permissions, session ?? manager.session(status.name)),
      approval: status.status === 'needs-approval' && entry ? approvalFor(parts.approvals, manager.projectFolder, status.name, entry) : null,
    };
  };
}

/** The approval view of a waiting project server, with the references granted earlier ticked. */
function approvalFor(approvals: ProjectApprovals, folder: string | undefined, name: string, entry: ServerEntry): ProjectApprovalView {
  const hash = entryHash(entry);
  return approvalView(approvalRequest(name, entry, hash, { granted: folder ? approvals.grantedNow(folder, name, hash) : [] }));
}

/** A connected server's tools that wait for the user (new since its baseline, or changed). */
function pendingTools(permissions: PermissionService, session: ServerSession | undefined): { new: string[]; changed: string[] } {
  if (!session?.connected) return { new: [], changed: [] };
  const { new: added, held } = permissions.availability(session.name, session.tools);
  return { new: added.map((t) => t.name), changed: held.map((t) => t.name) };
}
