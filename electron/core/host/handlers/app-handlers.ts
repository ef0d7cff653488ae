// apps:* — MCP Apps (issue 23): a tool's view for its card, and what the view asks of Lena. Every
// request names the card (conversation + tool call); the server is found from it, never taken
// from the window, so a view reaches only its own server.
import type { AppModelContext } from '../../../../shared/app-view-types';
import { downloadFromView, messageFromView, updateContextFromView } from '../apps/view-asks';
import { callToolFromView, checkViewLink, readResourceFromView } from '../apps/view-requests';
import { appView } from '../apps/views';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { HostServices } from '../services';

type AppHandlers = Pick<Handlers, Extract<keyof Handlers, `apps:${string}`>>;

export function appHandlers(get: () => Promise<HostServices>, events: HostEvents): AppHandlers {
  const rt = async () => (await get()).runtime;
  return {
    'apps:view': async ({ server, tool }) => {
      const s = await get();
      return appView(s.runtime, s.views, server, tool);
    },
    'apps:call-tool': async ({ name, arguments: args, ...ref }) =>
      callToolFromView(await rt(), ref, name, args ?? {}),
    'apps:read-resource': async ({ uri, ...ref }) => readResourceFromView(await rt(), ref, uri),
    'apps:message': async ({ content, role, ...ref }) => {
      void role; // the spec's only role; the schema accepts no other
      return messageFromView(await rt(), ref, content);
    },
    'apps:check-link': async ({ url, ...ref }) => checkViewLink(await rt(), ref, url),
    'apps:update-context': async ({ content, structuredContent, ...ref }) => {
      const context = updateContextFromView(await rt(), ref, content, structuredContent);
      events.emit('apps:context-changed', context);
      return context;
    },
    'apps:contexts': async ({ conversationId }): Promise<AppModelContext[]> =>
      (await rt()).viewContexts
        .list(conversationId)
        .map(({ tool, ...context }) => (void tool, context)),
    'apps:download': async ({ contents, ...ref }) => {
      const s = await get();
      return downloadFromView(s.runtime, ref, contents, s.saveFile);
    },
  };
}
