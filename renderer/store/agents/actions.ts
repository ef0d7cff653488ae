// A2A agents through the host: the list with each card, add by base URL, remove, the OAuth sign-in
// an agent's card declares; and an artifact a delegation kept as a file, saved or shown by its task
// and name (the host finds the file).
import type { AgentView } from '../../../shared/a2a';
import { attempt, type Outcome } from '../result';
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
  /** "Save as…": the kept file copied through the save dialog (saved null: cancelled). */
  saveAgentArtifact(
    taskId: string | null,
    name: string,
  ): Promise<Outcome<{ saved: string | null }>>;
  /** "Show in folder": the kept file shown in the system's file manager. */
  showAgentArtifact(taskId: string | null, name: string): Promise<Outcome<{ path: string }>>;
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
    saveAgentArtifact: (taskId, name) =>
      attempt(() => host.call('agents:save-artifact', { taskId, name })),
    showAgentArtifact: (taskId, name) =>
      attempt(() => host.call('agents:show-artifact', { taskId, name })),
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
