// conversations:* and chat:* — the conversation store and the agent loop.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type ChatHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `conversations:${string}` | `chat:${string}`>
>;

export function chatHandlers(get: () => Promise<HostServices>): ChatHandlers {
  const store = async () => (await get()).runtime.conversations.store;
  const engine = async () => (await get()).runtime.engine;
  return {
    'conversations:list': async () => (await store()).list(),
    'conversations:get': async ({ id, limit }) => {
      const st = await store();
      // Branch switchers (issue 16) need the whole tree, not only the page shown.
      if (limit === undefined) return { ...st.get(id), branches: st.branches(id) };
      return { ...st.summary(id), ...st.page(id, limit), branches: st.branches(id) };
    },
    'conversations:messages': async ({ id, beforeSeq, limit }) =>
      (await store()).page(id, limit, beforeSeq),
    'conversations:create': async (args) => {
      const s = await get();
      return s.runtime.conversations.store.create({
        title: args?.title,
        model: s.runtime.chatSettings().model,
        project: s.project.folder,
      });
    },
    'conversations:rename': async ({ id, title }) => (await store()).rename(id, title),
    'conversations:delete': async ({ id }) => {
      (await engine()).stop(id);
      // "Allow for this conversation" grants end with it.
      (await get()).runtime.permissions.endConversation(id);
      (await get()).runtime.viewContexts.forget(id);
      (await store()).delete(id);
    },
    'conversations:restore': async ({ id }) => (await store()).restore(id),
    'conversations:duplicate': async ({ id }) => (await store()).duplicate(id),
    'conversations:continue-with-summary': async ({ id }) => {
      const created = await (await engine()).continueWithSummary(id);
      return (await store()).summary(created.id);
    },
    'conversations:search': async ({ query }) => (await store()).search(query),
    'conversations:export': async ({ id, format }) => (await store()).export(id, format),
    'chat:send': async ({ conversationId, text, attachments }) => ({
      turnId: (await engine()).send(conversationId, text, attachments ?? []).turnId,
    }),
    'chat:stop': async ({ conversationId }) => {
      (await engine()).stop(conversationId);
    },
    'chat:regenerate': async ({ conversationId }) => ({
      turnId: (await engine()).regenerate(conversationId).turnId,
    }),
    'chat:edit': async ({ conversationId, messageId, text }) => ({
      turnId: (await engine()).edit(conversationId, messageId, text).turnId,
    }),
    'chat:cancel-tool': async ({ toolUseId }) => {
      (await engine()).cancelTool(toolUseId);
    },
    'chat:continue-task': async ({ conversationId, toolUseId }) => ({
      turnId: (await engine()).continueWithTaskResult(conversationId, toolUseId).turnId,
    }),
    'chat:models': async () => (await engine()).listModels(),
    'chat:set-model': async ({ conversationId, model }) =>
      (await engine()).setModel(conversationId, model),
    'chat:drop-old-tool-results': async ({ conversationId }) =>
      (await engine()).dropOldToolResults(conversationId),
    'chat:set-tools': async ({ conversationId, server, tool, on }) =>
      (await engine()).setTools(conversationId, { server, tool, on }),
    'chat:switch-branch': async ({ conversationId, messageId }) =>
      (await engine()).switchBranch(conversationId, messageId),
    'chat:budget': async (args) => {
      const s = await get();
      // A conversation gone meanwhile (purged) counts the global switches rather than failing.
      let tools;
      try {
        tools = args?.conversationId
          ? s.runtime.conversations.store.summary(args.conversationId).tools
          : undefined;
      } catch {
        tools = undefined;
      }
      return s.runtime.budget.compute(s.runtime.engine.lastTurnUsage, tools);
    },
  };
}
