// permissions:* — answers to permission requests, and the rules list of the settings page.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type PermissionHandlers = Pick<Handlers, Extract<keyof Handlers, `permissions:${string}`>>;

export function permissionHandlers(get: () => Promise<HostServices>): PermissionHandlers {
  const rules = async () => {
    const s = await get();
    return s.servers.rules(s.project.rules());
  };
  return {
    'permissions:answer': async ({ id, decision, reason, confirmed }) =>
      (await get()).asks.answerPermission(id, {
        kind: decision,
        ...(reason ? { reason } : {}),
        ...(confirmed ? { confirmed } : {}),
      }),
    'permissions:rules': rules,
    'permissions:revoke-rule': async ({ list, rule }) => {
      await (await get()).servers.removeRule(list, rule);
      return rules();
    },
    'permissions:accept-definition': async ({ server, tool }) =>
      (await get()).servers.acceptTool(server, tool),
    'permissions:reject-tool': async ({ server, tool }) =>
      (await get()).servers.rejectTool(server, tool),
  };
}
