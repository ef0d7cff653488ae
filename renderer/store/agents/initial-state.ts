// A2A agents (issue 46): what the agents list on the Servers page shows.
import type { AgentView } from '../../../shared/a2a';

export interface AgentsState {
  agents: AgentView[];
  agentsLoading: boolean;
  /** Why the last agents call failed, shown above the list. */
  agentsError: string | null;
}

export const initialAgentsState = (): AgentsState => ({
  agents: [],
  agentsLoading: false,
  agentsError: null,
});

export const agentsSelectors = {
  agents: (s: AgentsState) => s.agents,
  loading: (s: AgentsState) => s.agentsLoading,
  error: (s: AgentsState) => s.agentsError,
};
