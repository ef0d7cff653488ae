// permissions:* — answers to permission requests, and the rules list of the settings page.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { RuleEntry } from '../../permissions/types';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type PermissionHandlers = Pick<Handlers, Extract<keyof Handlers, `permissions:${string}`>>;

export function permissionHandlers(get: () => Promise<HostServices>): PermissionHandlers {
  const rules = async () => {
    const s = await get();
    return s.servers.rules(s.project.rules());
  };
  return {
    'permissions:answer': async ({ id, decision, reason, confirmed, rule }) => {
      const s = await get();
      // An "always allow when" rule that cannot be stored is refused before the call is decided.
      if (decision === 'always-allow-when') {
        const preview = s.servers.previewRule(id, rule ?? '');
        if (preview.error) throw new LenaError(ERROR_CODE.invalidArguments, preview.error);
      }
      s.asks.answerPermission(id, {
        kind: decision,
        ...(reason ? { reason } : {}),
        ...(confirmed ? { confirmed } : {}),
        ...(rule ? { rule } : {}),
      });
    },
    'permissions:preview-rule': async ({ id, rule }) => (await get()).servers.previewRule(id, rule),
    'permissions:test-call': async ({ qualifiedName, arguments: args }) =>
      (await get()).servers.testCall(qualifiedName, args),
    'permissions:rules': rules,
    'permissions:claude-suggestions': async () => {
      const s = await get();
      return s.settings.claudeSuggestions(s.project.folder());
    },
    'permissions:add-rules': async ({ rules: accepted }) => {
      await (await get()).settings.addRules(accepted);
      return rules();
    },
    'permissions:revoke-rule': async ({ list, rule, args }) => {
      await (await get()).servers.removeRule(list, rule, args as RuleEntry['args']);
      return rules();
    },
    'permissions:accept-definition': async ({ server, tool }) =>
      (await get()).servers.acceptTool(server, tool),
    'permissions:reject-tool': async ({ server, tool }) =>
      (await get()).servers.rejectTool(server, tool),
  };
}
