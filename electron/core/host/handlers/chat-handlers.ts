// conversations:* and chat:* — the chat service (conversations and the agent loop).
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type ChatHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `conversations:${string}` | `chat:${string}`>
>;

export function chatHandlers(get: () => Promise<HostServices>): ChatHandlers {
  const chat = async () => (await get()).chat;
  return {
    'conversations:list': async (args) => (await chat()).list(args?.includeArchived ?? false),
    'conversations:get': async ({ id, limit }) => (await chat()).get(id, limit),
    'conversations:messages': async ({ id, beforeSeq, limit }) =>
      (await chat()).page(id, limit, beforeSeq),
    'conversations:create': async (args) => {
      const s = await get();
      return s.chat.create(s.project.folder(), args?.title);
    },
    'conversations:rename': async ({ id, title }) => (await chat()).rename(id, title),
    'conversations:delete': async ({ id }) => (await chat()).delete(id),
    'conversations:restore': async ({ id }) => (await chat()).restore(id),
    'conversations:duplicate': async ({ id }) => (await chat()).duplicate(id),
    'conversations:move': async ({ id, project }) => (await chat()).move(id, project),
    'conversations:continue-with-summary': async ({ id }) => (await chat()).continueWithSummary(id),
    'conversations:search': async ({ query }) => (await chat()).search(query),
    'conversations:export': async ({ id, format }) => (await chat()).export(id, format),
    'conversations:set-pinned': async ({ id, pinned }) => (await chat()).setPinned(id, pinned),
    'conversations:set-archived': async ({ id, archived }) =>
      (await chat()).setArchived(id, archived),
    'conversations:import': async ({ content }) => {
      const s = await get();
      return s.chat.importExport(content, s.project.folder());
    },
    'chat:send': async ({ conversationId, text, attachments }) => ({
      turnId: (await chat()).send(conversationId, text, attachments ?? []).turnId,
    }),
    'chat:stop': async ({ conversationId }) => {
      (await chat()).stop(conversationId);
    },
    'chat:regenerate': async ({ conversationId }) => ({
      turnId: (await chat()).regenerate(conversationId).turnId,
    }),
    'chat:edit': async ({ conversationId, messageId, text }) => ({
      turnId: (await chat()).edit(conversationId, messageId, text).turnId,
    }),
    'chat:cancel-tool': async ({ toolUseId }) => {
      (await chat()).cancelTool(toolUseId);
    },
    'chat:continue-task': async ({ conversationId, toolUseId }) => ({
      turnId: (await chat()).continueWithTaskResult(conversationId, toolUseId).turnId,
    }),
    'chat:models': async () => (await chat()).listModels(),
    'chat:set-model': async ({ conversationId, model }) =>
      (await chat()).setModel(conversationId, model),
    'chat:drop-old-tool-results': async ({ conversationId }) =>
      (await chat()).dropOldToolResults(conversationId),
    'chat:set-tools': async ({ conversationId, server, tool, on }) =>
      (await chat()).setTools(conversationId, { server, tool, on }),
    'chat:set-skill': async ({ conversationId, skill, on }) =>
      (await chat()).setSkill(conversationId, skill, on),
    'chat:switch-branch': async ({ conversationId, messageId }) =>
      (await chat()).switchBranch(conversationId, messageId),
    'chat:budget': async (args) => (await chat()).budget(args?.conversationId),
  };
}
