// resources:* and prompts:* — what a server offers besides tools (issue 22), for the servers page's
// Resources and Prompts tabs and the composer's + menu and `/` commands (previewed, then run).
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { ResourceWatch } from '../resource-watch';
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
  const servers = async () => (await get()).servers;
  let watch: ResourceWatch | undefined;
  const previews = new PromptPreviews();
  const watcher = async () => (watch ??= (await servers()).watchResources(events));
  return {
    'resources:offerings': async ({ server }) => (await servers()).offerings(server),
    'resources:read': async ({ server, uri }) => (await servers()).readResource(server, uri),
    'resources:complete': async ({ server, ref, argument, context }) =>
      (await servers()).complete(server, ref, argument, context),
    'resources:subscribe': async ({ server, uri }) => (await watcher()).subscribe(server, uri),
    'resources:unsubscribe': async ({ server, uri }) => (await watcher()).unsubscribe(server, uri),
    'prompts:list': async () => {
      await watcher(); // list changes reach the window from now on
      return (await servers()).prompts();
    },
    'prompts:get': async ({ server, name, arguments: args }) =>
      (await servers()).getPrompt(server, name, args),
    // A prompt is read first and run second: the user sees every message (assistant turns and
    // embedded resources too) before anything is stored or sent, and the run inserts what was seen.
    'prompts:preview': async ({ server, name, arguments: args }) =>
      previews.hold(server, name, await (await servers()).getPrompt(server, name, args)),
    'prompts:run': async ({ conversationId, previewId }) => {
      const chat = (await get()).chat;
      chat.summary(conversationId); // not-found before the preview is used up
      const preview = previews.take(previewId);
      return chat.insertPrompt(
        conversationId,
        { kind: 'prompt', server: preview.server, prompt: preview.prompt },
        preview.messages,
      );
    },
  };
}
