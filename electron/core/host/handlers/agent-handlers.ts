// agents:* — the agents list on the Servers page: every A2A agent with its state and card, "Add
// agent" (the card fetched and shown), remove, and the OAuth sign-in an agent's card declares.
// The same service as `lena agents`. An artifact kept as a file is saved or shown by its task and
// name; the host finds the file itself.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { findAuthError } from '../../mcp/auth/types';
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
    'agents:save-artifact': async ({ taskId, name }) =>
      (await get()).keptArtifacts.save(taskId, name),
    'agents:show-artifact': async ({ taskId, name }) =>
      (await get()).keptArtifacts.show(taskId, name),
    'agents:sign-in': async ({ name }) => {
      try {
        await (await agents()).signIn(name);
      } catch (err) {
        if (err instanceof LenaError) throw err;
        // Which step failed and what to try: the message says the step, the hint what to do.
        throw new LenaError(
          ERROR_CODE.signInFailed,
          err instanceof Error ? err.message : String(err),
          findAuthError(err)?.hint,
        );
      }
      return list();
    },
    'agents:sign-out': async ({ name }) => {
      await (await agents()).signOut(name);
      return list();
    },
    'agents:sign-in-cancel': async ({ name }) => (await agents()).cancelSignIn(name),
  };
}
