// agents:* — the agents list on the Servers page: every A2A agent with its state and card, "Add
// agent" (the card fetched and shown), and remove. The same service as `lena agents`. An artifact
// kept as a file is saved or shown by its task and name; the host finds the file itself.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type AgentHandlers = Pick<Handlers, Extract<keyof Handlers, `agents:${string}`>>;

export function agentHandlers(get: () => Promise<HostServices>): AgentHandlers {
  const agents = async () => (await get()).agents;
  const list = async () => (await agents()).list();
  return {
    'agents:list': list,
    'agents:add': async ({ name, url, headers }) => {
      await (
        await agents()
      ).add(name, { url, ...(headers && Object.keys(headers).length ? { headers } : {}) });
      return list();
    },
    'agents:remove': async ({ name }) => {
      await (await agents()).remove(name);
      return list();
    },
    'agents:save-artifact': async ({ taskId, name }) =>
      (await get()).keptArtifacts.save(taskId, name),
    'agents:show-artifact': async ({ taskId, name }) =>
      (await get()).keptArtifacts.show(taskId, name),
  };
}
