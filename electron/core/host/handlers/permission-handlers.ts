// permissions:* — the broker's queue, answers, and the rules list of the settings page.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { requestView, ruleViews } from '../../permissions/view';
import type { ServerIdentity } from '../../permissions/types';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';
import { serverIdentity } from '../wiring';

type PermissionHandlers = Pick<Handlers, Extract<keyof Handlers, `permissions:${string}`>>;

/** A tool as the server lists it now: what the user accepts or rejects is the definition shown. */
function listed(s: HostServices, server: string, tool: string) {
  const found = s.runtime.registry.tools(server).find((t) => t.tool.name === tool);
  if (!found) throw new LenaError(ERROR_CODE.notFound, `"${server}" has no tool named "${tool}".`);
  return found.tool;
}

export function permissionHandlers(get: () => Promise<HostServices>): PermissionHandlers {
  const rules = async () => {
    const s = await get();
    const identities = new Map<string, ServerIdentity>(
      s.runtime.manager
        .statuses()
        .map((st) => [st.name, serverIdentity(s.runtime.manager, st.name)]),
    );
    return ruleViews(s.runtime.permissions.current(), s.projectRules, identities);
  };
  return {
    'permissions:pending': async () =>
      ((await get()).runtime.broker?.pending() ?? []).map(requestView),
    'permissions:answer': async ({ id, decision, reason, confirmed }) => {
      const broker = (await get()).runtime.broker;
      if (!broker)
        throw new LenaError(ERROR_CODE.unavailable, 'No permission requests can be answered here.');
      broker.answer(id, {
        kind: decision,
        ...(reason ? { reason } : {}),
        ...(confirmed ? { confirmed } : {}),
      });
    },
    'permissions:rules': rules,
    'permissions:revoke-rule': async ({ list, rule }) => {
      await (await get()).runtime.permissions.removeRule(list, rule);
      return rules();
    },
    'permissions:accept-definition': async ({ server, tool }) => {
      const s = await get();
      await s.runtime.permissions.acceptDefinition(server, listed(s, server, tool));
    },
    'permissions:reject-tool': async ({ server, tool }) => {
      const s = await get();
      await s.runtime.permissions.rejectTool(server, listed(s, server, tool));
    },
  };
}
