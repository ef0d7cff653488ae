// The queue of tool-permission requests (one dialog at a time, oldest first) and the saved rules.
import type { StateCreator } from 'zustand';
import type { PermissionDecisionKind, PermissionRequestView, PermissionRuleView } from '../../shared/permission-types';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, type Outcome, type UiError } from './result';

export interface PermissionsSlice {
  permissionQueue: PermissionRequestView[];
  permissionsError: UiError | null;
  rules: PermissionRuleView[] | null;
  rulesError: UiError | null;
  loadPendingPermissions(): Promise<void>;
  answerPermission(id: string, decision: PermissionDecisionKind, options?: { reason?: string; confirmed?: boolean }): Promise<Outcome<void>>;
  loadRules(): Promise<void>;
  revokeRule(list: PermissionRuleView['list'], rule: string): Promise<Outcome<PermissionRuleView[]>>;
  acceptDefinition(server: string, tool: string): Promise<Outcome<void>>;
  /** Leaves a new or changed tool out of Claude's requests. */
  rejectTool(server: string, tool: string): Promise<Outcome<void>>;
  subscribePermissions(): () => void;
}

const byAge = (a: PermissionRequestView, b: PermissionRequestView) => a.createdAt - b.createdAt;

export const createPermissionsSlice: StateCreator<LenaState, [], [], PermissionsSlice> = (set, get) => ({
  permissionQueue: [],
  permissionsError: null,
  rules: null,
  rulesError: null,
  async loadPendingPermissions() {
    const r = await attempt(() => call('permissions:pending'));
    if (r.ok) set({ permissionQueue: [...r.value].sort(byAge), permissionsError: null });
    else set({ permissionsError: r.error });
  },
  async answerPermission(id, decision, options = {}) {
    const r = await attempt(() => call('permissions:answer', { id, decision, ...options }));
    if (r.ok) set((s) => ({ permissionQueue: s.permissionQueue.filter((p) => p.id !== id), permissionsError: null }));
    else set({ permissionsError: r.error });
    return r;
  },
  async loadRules() {
    const r = await attempt(() => call('permissions:rules'));
    set(r.ok ? { rules: r.value, rulesError: null } : { rulesError: r.error });
  },
  async revokeRule(list, rule) {
    const r = await attempt(() => call('permissions:revoke-rule', { list, rule }));
    if (r.ok) set({ rules: r.value });
    return r;
  },
  async acceptDefinition(server, tool) {
    const r = await attempt(() => call('permissions:accept-definition', { server, tool }));
    if (r.ok) void get().loadTools(server);
    return r;
  },
  async rejectTool(server, tool) {
    const r = await attempt(() => call('permissions:reject-tool', { server, tool }));
    if (r.ok) void get().loadTools(server);
    return r;
  },
  subscribePermissions() {
    const a = subscribe('permissions:requested', (req) =>
      set((s) => ({ permissionQueue: [...s.permissionQueue.filter((p) => p.id !== req.id), req].sort(byAge) })),
    );
    const b = subscribe('permissions:resolved', ({ id }) => set((s) => ({ permissionQueue: s.permissionQueue.filter((p) => p.id !== id) })));
    return () => {
      a();
      b();
    };
  },
});
