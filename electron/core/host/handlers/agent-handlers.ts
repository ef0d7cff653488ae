// agents:* — the agents list on the Servers page: every A2A agent with its state and card, "Add
// agent" (the card fetched and shown), and remove. The same service as `lena agents`.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type AgentHandlers = Pick<Handlers, Extract<keyof Handlers, `agents:${string}`>>;

export function agentHandlers(get: () => Promise<HostServices>): AgentHandlers {
  const agents = async () => (await get()).agents;
  const list = async () => (await agents()).list();
  return {
    'agents:list': list,
    'agents:add': async ({ name, url, headers, clientId }) => {
      await (
        await agents()
      ).add(name, {
        url,
        ...(headers && Object.keys(headers).length ? { headers } : {}),
        ...(clientId ? { oauth: { clientId } } : {}),
      });
      return list();
    },
    'agents:remove': async ({ name }) => {
      await (await agents()).remove(name);
      return list();
    },
  };
}
