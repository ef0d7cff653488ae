// A server's status as the window and the command line show it: the manager's own state plus what
// only the permissions and the registry know (trust, suspension, token cost, the approval asked,
// tools waiting for the user). The manager never sees this view; the host builds it on the way out.
import type { ServerEntry } from '../../../../shared/server-config';
import type {
  ProjectApprovalView,
  ServerState,
  ServerStatus,
} from '../../../../shared/server-types';
import { entryHash } from '../../mcp/config/identity';
import type { McpManager } from '../../mcp/manager/manager';
import type { ServerSession } from '../../mcp/manager/server-session';
import type { ToolRegistry } from '../../mcp/registry/registry';
import { shownFields } from '../../permissions/approval-changes';
import { approvalRequest } from '../../permissions/approval-request';
import type { ProjectApprovals } from '../../permissions/project-approval';
import type { PermissionService } from '../../permissions/service';
import { trustStatus } from '../../permissions/trust';
import { approvalView } from '../../permissions/view';
import { serverIdentity } from '../wiring';
import { sandboxView } from './sandbox-view';
import type { KeptRecords, ServerRecords } from '../record-moves';

export interface ServerViewParts {
  manager: McpManager;
  registry: ToolRegistry;
  permissions: PermissionService;
  approvals: ProjectApprovals;
  /** Records an outside edit of the entry left under its previous identity (record-moves.ts). */
  records?: Pick<ServerRecords, 'keptFor'>;
  /** When the user pre-installed a server's npx/uvx package (its identity's record). */
  preinstalled?: (name: string) => string | null;
}

/** The servers as shown: the manager's states, each composed into its view when read or emitted. */
export class ServerStatusViews {
  constructor(private readonly parts: ServerViewParts) {}

  /** The view of one state (the manager's, as it was emitted or read). */
  view(state: ServerState): ServerStatus {
    const { manager, registry, permissions, approvals } = this.parts;
    const session = manager.session(state.name);
    const trust = trustStatus(permissions.current(), serverIdentity(manager, state.name));
    const entry = session?.configured.entry;
    return {
      ...state,
      trusted: trust.trusted,
      suspended: trust.note ?? keptNote(this.parts.records?.keptFor(state.name)),
      toolTokens: registry.tokenCosts().find((c) => c.server === state.name)?.tokens ?? 0,
      pendingTools: pendingTools(permissions, session),
      sandbox: sandboxView(
        state,
        entry ?? state.entry,
        session?.sandboxOffAt ?? null,
        this.parts.preinstalled?.(state.name) ?? null,
      ),
      approval:
        state.status === 'needs-approval' && entry
          ? approvalFor(
              approvals,
              manager.projectFolder,
              state.name,
              entry,
              session!.configured.shadowed.some((x) => x.scope === 'user'),
            )
          : null,
    };
  }

  status(name: string): ServerStatus | undefined {
    const state = this.parts.manager.status(name);
    return state && this.view(state);
  }

  statuses(): ServerStatus[] {
    return this.parts.manager.statuses().map((s) => this.view(s));
  }

  /** Every state the manager emits, as its view. */
  onStatus(listener: (status: ServerStatus) => void): () => void {
    return this.parts.manager.onStatus((state) => listener(this.view(state)));
  }
}

/** Why Confirm is offered for a server whose outside edit left its settings behind. */
const keptNote = (kept: KeptRecords | undefined): string | null =>
  kept
    ? `its entry changed outside Lena: what you set for it (${kept.files.join(', ')}) waits under its previous entry`
    : null;

/** The approval view of a waiting project server, with the references granted earlier ticked. */
function approvalFor(
  approvals: ProjectApprovals,
  folder: string | undefined,
  name: string,
  entry: ServerEntry,
  shadowsUser: boolean,
): ProjectApprovalView {
  const hash = entryHash(entry);
  const request = approvalRequest(name, entry, hash, {
    granted: folder ? approvals.grantedNow(folder, name, hash) : [],
    shadowsUser,
  });
  return {
    ...approvalView(request),
    earlier: folder ? approvals.earlierNow(folder, name, hash, shownFields(request)) : null,
  };
}

/** A connected server's tools that wait for the user (new since its baseline, or changed). */
function pendingTools(
  permissions: PermissionService,
  session: ServerSession | undefined,
): { new: string[]; changed: string[] } {
  if (!session?.connected) return { new: [], changed: [] };
  const { new: added, held } = permissions.availability(session.name, session.tools);
  return { new: added.map((t) => t.name), changed: held.map((t) => t.name) };
}
