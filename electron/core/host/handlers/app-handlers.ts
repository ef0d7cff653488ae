// apps:* — MCP Apps: a tool's view for its card, and what the view asks of Lena (the apps
// service; every request names its card and core finds the server from it).
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { HostServices } from '../services';

type AppHandlers = Pick<Handlers, Extract<keyof Handlers, `apps:${string}`>>;

export function appHandlers(get: () => Promise<HostServices>, events: HostEvents): AppHandlers {
  const apps = async () => (await get()).apps;
  return {
    'apps:view': async ({ server, tool }) => (await apps()).view(server, tool),
    'apps:call-tool': async ({ name, arguments: args, ...ref }) =>
      (await apps()).callToolFromView(ref, name, args ?? {}),
    'apps:read-resource': async ({ uri, ...ref }) => (await apps()).readResource(ref, uri),
    'apps:message': async ({ content, role, ...ref }) => {
      void role; // the spec's only role; the schema accepts no other
      return (await apps()).message(ref, content);
    },
    'apps:check-link': async ({ url, ...ref }) => (await apps()).checkLink(ref, url),
    'apps:update-context': async ({ content, structuredContent, ...ref }) => {
      const context = (await apps()).updateContext(ref, content, structuredContent);
      events.emit('apps:context-changed', context);
      return context;
    },
    'apps:contexts': async ({ conversationId }) => (await get()).chat.viewContexts(conversationId),
    'apps:download': async ({ contents, ...ref }) => (await apps()).download(ref, contents),
  };
}
