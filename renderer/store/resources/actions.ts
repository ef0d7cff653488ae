// Loading offerings, reading and attaching resources (subscribed, so a change marks them and
// Refresh reads them again), completions, and prompts run from the composer.
import type { Attachment } from '../../../shared/chat/messages';
import type { Completion, CompletionRef, ResourceContents } from '../../../shared/mcp-types';
import type { PromptCommand, PromptPreview } from '../../../shared/resource-types';
import { ERROR_CODE } from '../../../shared/result';
import { NO_CONVERSATION } from '../chat/initial-state';
import { failed, idle, loading, ready } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';
import { resourceKey } from './initial-state';

export interface ResourcesActions {
  loadOfferings(server: string): Promise<void>;
  openResource(server: string, uri: string, name?: string): Promise<void>;
  closeViewer(): void;
  /** Reads a resource and attaches it to the draft; subscribes when the server can say it changed. */
  attachResource(server: string, uri: string, name: string): Promise<Outcome<void>>;
  /** Reads an attached resource again (after a change). */
  refreshAttachment(index: number): Promise<Outcome<void>>;
  complete(
    server: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<Completion>;
  loadPromptCommands(): Promise<void>;
  /** "Use in chat": goes to the conversation, where the composer opens the prompt's form. */
  openPromptInChat(server: string, name: string): Promise<Outcome<void>>;
  /** The prompt "Use in chat" asked for, handed over once (the composer calls it). */
  takePromptToOpen(): PromptCommand | null;
  /** Gets a prompt's messages to show before it runs; nothing is stored or sent. */
  previewPrompt(
    server: string,
    name: string,
    args: Record<string, string>,
  ): Promise<Outcome<PromptPreview>>;
  /** Runs a previewed prompt into the open conversation (a new one when none is open). */
  runPrompt(previewId: string): Promise<Outcome<unknown>>;
  subscribeResources(): () => void;
}

/** A read resource as a composer attachment: its first part, text or blob. */
function asAttachment(
  server: string,
  uri: string,
  name: string,
  contents: ResourceContents[],
): Attachment {
  const part = contents[0];
  if (!part) throw new Error(`${uri} is empty: nothing to attach.`);
  const blob = typeof part.blob === 'string';
  return {
    kind: 'resource',
    server,
    uri,
    name,
    mimeType: part.mimeType ?? (blob ? 'application/octet-stream' : 'text/plain'),
    data: blob ? part.blob! : (part.text ?? ''),
    ...(blob ? { blob: true } : {}),
  };
}

// Long: the slice's actions, each short, in one object over the draft key they share.
export const createResourcesActions: ActionsCreator<ResourcesActions> = (set, get, host) => {
  const draftKey = () => get().activeId ?? NO_CONVERSATION;
  return {
    async loadOfferings(server) {
      const r = await attempt(() => host.call('resources:offerings', { server }));
      set((s) => ({
        offeringsByServer: {
          ...s.offeringsByServer,
          [server]: r.ok ? ready(r.value) : failed(s.offeringsByServer[server] ?? idle(), r.error),
        },
      }));
    },
    async openResource(server, uri, name) {
      set({ viewer: { server, uri, name: name ?? uri, contents: loading() } });
      const r = await attempt(() => host.call('resources:read', { server, uri }));
      // An answer for a resource no longer shown (the viewer closed or moved on) is dropped.
      set((s) =>
        s.viewer?.uri === uri && s.viewer.server === server
          ? {
              viewer: {
                ...s.viewer,
                contents: r.ok ? ready(r.value) : failed(s.viewer.contents, r.error),
              },
            }
          : {},
      );
    },
    closeViewer: () => set({ viewer: null }),
    async attachResource(server, uri, name) {
      const r = await attempt(async () =>
        asAttachment(server, uri, name, await host.call('resources:read', { server, uri })),
      );
      if (!r.ok) return r;
      get().addAttachments([r.value]);
      if (get().offeringsByServer[server]?.value?.subscribe)
        void attempt(() => host.call('resources:subscribe', { server, uri }));
      return { ok: true, value: undefined };
    },
    async refreshAttachment(index) {
      const k = draftKey();
      const a = get().attachments[k]?.[index];
      if (!a || a.kind !== 'resource' || !a.server || !a.uri) return { ok: true, value: undefined };
      const { server, uri } = a;
      const r = await attempt(async () =>
        asAttachment(server, uri, a.name, await host.call('resources:read', { server, uri })),
      );
      if (!r.ok) return r;
      set((s) => {
        const { [resourceKey(server, uri)]: _gone, ...changed } = s.changedResources;
        void _gone;
        return {
          changedResources: changed,
          attachments: {
            ...s.attachments,
            [k]: (s.attachments[k] ?? []).map((x, i) => (i === index ? r.value : x)),
          },
        };
      });
      return { ok: true, value: undefined };
    },
    complete: (server, ref, argument, context) =>
      host
        .call('resources:complete', { server, ref, argument, ...(context ? { context } : {}) })
        .catch(() => ({ values: [] })),
    async loadPromptCommands() {
      const r = await attempt(() => host.call('prompts:list'));
      if (r.ok) set({ promptCommands: r.value });
    },
    async openPromptInChat(server, name) {
      await get().loadPromptCommands();
      const found = get().promptCommands.find((c) => c.server === server && c.prompt.name === name);
      if (!found)
        return {
          ok: false,
          error: { code: ERROR_CODE.notFound, message: `${server} no longer offers ${name}.` },
        };
      set({ promptToOpen: found });
      get().setView('chat');
      return { ok: true, value: undefined };
    },
    takePromptToOpen() {
      const c = get().promptToOpen;
      if (c) set({ promptToOpen: null });
      return c;
    },
    previewPrompt: (server, name, args) =>
      attempt(() => host.call('prompts:preview', { server, name, arguments: args })),
    async runPrompt(previewId) {
      let id = get().activeId;
      if (id === null) {
        const created = await get().newConversation();
        if (!created.ok) return created;
        id = created.value.id;
      }
      const conversationId = id;
      const r = await attempt(() => host.call('prompts:run', { conversationId, previewId }));
      if (!r.ok) set({ sendError: r.error });
      return r;
    },
    subscribeResources() {
      const a = host.subscribe('resources:updated', ({ server, uri }) =>
        set((s) => ({
          changedResources: { ...s.changedResources, [resourceKey(server, uri)]: true },
        })),
      );
      const b = host.subscribe('resources:list-changed', ({ server, kind }) => {
        if (get().offeringsByServer[server]?.value) void get().loadOfferings(server);
        if (kind === 'prompts') void get().loadPromptCommands();
      });
      return () => {
        a();
        b();
      };
    },
  };
};
