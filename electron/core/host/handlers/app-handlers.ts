// apps:* — MCP Apps (issue 23): a tool's view for its card, and what the view asks of Lena. Every
// request names the card (conversation + tool call); the server is found from it, never taken
// from the window, so a view reaches only its own server.
import { LenaError } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type AppHandlers = Pick<Handlers, Extract<keyof Handlers, `apps:${string}`>>;

const notYet = (): never => {
  throw new LenaError('unavailable', 'MCP Apps views are not available in this build yet.');
};

export function appHandlers(get: () => Promise<HostServices>): AppHandlers {
  void get;
  return {
    'apps:view': () => null,
    'apps:call-tool': notYet,
    'apps:read-resource': notYet,
    'apps:message': notYet,
    'apps:check-link': notYet,
    'apps:update-context': notYet,
    'apps:contexts': () => [],
    'apps:download': notYet,
  };
}
