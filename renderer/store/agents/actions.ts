// A2A agents through the host: the list with each card, add by base URL, remove, and the OAuth
// sign-in an agent's card declares.
import type { AgentView } from '../../../shared/a2a';
import { attempt } from '../result';
import type { ActionsCreator } from '../slice';

export interface AgentsActions {
  loadAgents(): Promise<void>;
  /** Resolves to the error message, or null when the agent was added. */
  addAgent(
    name: string,
    url: string,
    headers: Record<string, string>,
    clientId?: string,
  ): Promise<string | null>;
  removeAgent(name: string): Promise<void>;
  /** Resolves to the error message, or null when signed in. */
  signInAgent(name: string): Promise<string | null>;
  cancelAgentSignIn(name: string): Promise<void>;
  signOutAgent(name: string): Promise<void>;
}

export const createAgentsActions: ActionsCreator<AgentsActions> = (set, _get, host) => {
  const apply = async (call: () => Promise<AgentView[]>): Promise<string | null> => {
    set({ agentsLoading: true });
    const r = await attempt(call);
    if (r.ok) set({ agents: r.value, agentsError: null, agentsLoading: false });
    else set({ agentsError: r.error.message, agentsLoading: false });
    return r.ok ? null : r.error.message;
  };
  return {
    loadAgents: async () => void (await apply(() => host.call('agents:list'))),
    addAgent: (name, url, headers, clientId) =>
      apply(() =>
        host.call('agents:add', {
          name,
          url,
          ...(Object.keys(headers).length ? { headers } : {}),
          ...(clientId ? { clientId } : {}),
        }),
      ),
    removeAgent: async (name) => void (await apply(() => host.call('agents:remove', { name }))),
    signInAgent: async (name) => {
      const r = await attempt(() => host.call('agents:sign-in', { name }));
      if (r.ok) set({ agents: r.value, agentsError: null });
      return r.ok ? null : r.error.message;
    },
    cancelAgentSignIn: async (name) =>
      void (await attempt(() => host.call('agents:sign-in-cancel', { name }))),
    signOutAgent: async (name) => void (await apply(() => host.call('agents:sign-out', { name }))),
  };
};
