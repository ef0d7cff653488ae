// The saved rules, and accepting or leaving out changed tools. Answers to permission requests
// belong to the one queue of questions (store/asks).
import type { PermissionRuleView } from '../../../shared/permission-types';
import { failed, ready, withValue } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface PermissionsActions {
  loadRules(): Promise<void>;
  revokeRule(
    list: PermissionRuleView['list'],
    rule: string,
  ): Promise<Outcome<PermissionRuleView[]>>;
  acceptDefinition(server: string, tool: string): Promise<Outcome<void>>;
  /** Leaves a new or changed tool out of Claude's requests. */
  rejectTool(server: string, tool: string): Promise<Outcome<void>>;
}

export const createPermissionsActions: ActionsCreator<PermissionsActions> = (set, get, host) => ({
  async loadRules() {
    const r = await attempt(() => host.call('permissions:rules'));
    set((s) => ({ ruleList: r.ok ? ready(r.value) : failed(s.ruleList, r.error) }));
  },
  async revokeRule(list, rule) {
    const r = await attempt(() => host.call('permissions:revoke-rule', { list, rule }));
    if (r.ok) set((s) => ({ ruleList: withValue(s.ruleList, r.value) }));
    return r;
  },
  async acceptDefinition(server, tool) {
    const r = await attempt(() => host.call('permissions:accept-definition', { server, tool }));
    if (r.ok) void get().loadTools(server);
    return r;
  },
  async rejectTool(server, tool) {
    const r = await attempt(() => host.call('permissions:reject-tool', { server, tool }));
    if (r.ok) void get().loadTools(server);
    return r;
  },
});
