// The saved rules, and accepting or leaving out changed tools. Answers to permission requests
// belong to the one queue of questions (store/asks).
import type {
  ClaudeSuggestion,
  PermissionRuleView,
  RuleCheckView,
} from '../../../shared/permission-types';
import { failed, ready, withValue } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface PermissionsActions {
  /** "Always allow when…": what the gate would decide for the waiting call were this rule saved. */
  previewRule(id: string, rule: string): Promise<Outcome<RuleCheckView>>;
  /** The settings tester: the gate's decision for a tool called with these arguments. */
  testCall(qualifiedName: string, args: unknown): Promise<Outcome<RuleCheckView>>;
  loadRules(): Promise<void>;
  /** Claude Code's permission entries for MCP tools, as suggestions to accept. */
  claudeSuggestions(): Promise<Outcome<ClaudeSuggestion[]>>;
  /** Adds rules the user accepted; the rules list follows. */
  addRules(
    rules: Array<{ list: PermissionRuleView['list']; rule: string }>,
  ): Promise<Outcome<PermissionRuleView[]>>;
  revokeRule(
    list: PermissionRuleView['list'],
    rule: string,
    args?: PermissionRuleView['args'],
  ): Promise<Outcome<PermissionRuleView[]>>;
  acceptDefinition(server: string, tool: string): Promise<Outcome<void>>;
  /** Leaves a new or changed tool out of Claude's requests. */
  rejectTool(server: string, tool: string): Promise<Outcome<void>>;
}

export const createPermissionsActions: ActionsCreator<PermissionsActions> = (set, get, host) => ({
  previewRule(id, rule) {
    return attempt(() => host.call('permissions:preview-rule', { id, rule }));
  },
  testCall(qualifiedName, args) {
    return attempt(() => host.call('permissions:test-call', { qualifiedName, arguments: args }));
  },
  async loadRules() {
    const r = await attempt(() => host.call('permissions:rules'));
    set((s) => ({ ruleList: r.ok ? ready(r.value) : failed(s.ruleList, r.error) }));
  },
  claudeSuggestions() {
    return attempt(() => host.call('permissions:claude-suggestions'));
  },
  async addRules(rules) {
    const r = await attempt(() => host.call('permissions:add-rules', { rules }));
    if (r.ok) set((s) => ({ ruleList: withValue(s.ruleList, r.value) }));
    return r;
  },
  async revokeRule(list, rule, args) {
    const r = await attempt(() =>
      host.call('permissions:revoke-rule', { list, rule, ...(args ? { args } : {}) }),
    );
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
