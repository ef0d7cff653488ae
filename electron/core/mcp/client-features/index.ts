// One server's roots, sampling and elicitation handlers over the ports a front end offers. The
// same handlers answer a 2025 server's requests and a 2026 server's input_required rounds.
import type { ClientFeatureHandlers } from '../client-features';
import { AskCaps } from './caps';
import { elicitationHandler, type ServerReach } from './elicitation';
import type { FeaturePorts } from './ports';
import { samplingHandler } from './sampling';

export type { FeaturePorts } from './ports';
export type { ServerReach } from './elicitation';

export function createClientFeatures(
  server: string,
  ports: FeaturePorts,
  reach?: ServerReach,
): ClientFeatureHandlers {
  const handlers: ClientFeatureHandlers = {};
  // One set of counters per server session: sampling and elicitation share its pending questions.
  const caps = ports.caps ? new AskCaps(server, ports.caps) : undefined;
  if (ports.roots) {
    const roots = ports.roots;
    handlers.roots = async () => ({ roots: await roots.roots(server) });
  }
  if (ports.sampling) handlers.sampling = samplingHandler(server, ports.sampling, caps);
  if (ports.elicitation) {
    const elicitation = ports.elicitation;
    handlers.elicitation = elicitationHandler(server, elicitation, reach, caps);
    handlers.elicitationModes = elicitation.url ? ['form', 'url'] : ['form'];
    if (elicitation.completed)
      handlers.elicitationComplete = (id) => elicitation.completed!(server, id);
  }
  return handlers;
}
