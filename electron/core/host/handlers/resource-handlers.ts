// resources:* and prompts:* — what a server offers besides tools (issue 22), for the servers page's
// Resources and Prompts tabs and the composer's + menu and `/` commands (previewed, then run).
import type { PromptCommand } from '../../../../shared/resource-types';
import { complete, getPrompt, offerings, readResource } from '../../mcp/manager/offerings';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import { ResourceWatch } from '../resource-watch';
import { PromptPreviews } from '../prompt-previews';
import type { HostServices } from '../services';

type ResourceHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `resources:${string}` | `prompts:${string}`>
>;

export function resourceHandlers(
  get: () => Promise<HostServices>,
  events: HostEvents,
): ResourceHandlers {
  const manager = async () => (await get()).runtime.manager;
  let watch: ResourceWatch | undefined;
  const previews = new PromptPreviews();
  const watcher = async () => (watch ??= new ResourceWatch(await manager(), events));
  return {
    'resources:offerings': async ({ server }) => offerings(await manager(), server),
    'resources:read': async ({ server, uri }) => readResource(await manager(), server, uri),
    'resources:complete': async ({ server, ref, argument, context }) =>
      complete(await manager(), server, ref, argument, context),
    'resources:subscribe': async ({ server, uri }) => (await watcher()).subscribe(server, uri),
    'resources:unsubscribe': async ({ server, uri }) => (await watcher()).unsubscribe(server, uri),
    'prompts:list': async () => {
      const m = await manager();
      await watcher(); // list changes reach the window from now on
      const connected = m.statuses().filter((s) => s.status === 'connected');
      const lists = await Promise.all(
        connected.map(async (s): Promise<PromptCommand[]> => {
          const client = m.session(s.name)?.mcp;
          if (!client?.capabilities?.prompts) return [];
          const prompts = await client.listPrompts().catch(() => []);
          return prompts.map((prompt) => ({
            server: s.name,
            prompt,
            completions: client.capabilities?.completions !== undefined,
          }));
        }),
      );
      return lists.flat();
    },
    'prompts:get': async ({ server, name, arguments: args }) =>
      getPrompt(await manager(), server, name, args),
    // A prompt is read first and run second: the user sees every message (assistant turns and
    // embedded resources too) before anything is stored or sent, and the run inserts what was seen.
    'prompts:preview': async ({ server, name, arguments: args }) =>
      previews.hold(server, name, await getPrompt(await manager(), server, name, args)),
    'prompts:run': async ({ conversationId, previewId }) => {
      const s = await get();
      s.runtime.conversations.store.summary(conversationId); // not-found before the preview is used up
      const preview = previews.take(previewId);
      return s.runtime.engine.insertPrompt(
        conversationId,
        { kind: 'prompt', server: preview.server, prompt: preview.prompt },
        preview.messages,
      );
    },
  };
}
