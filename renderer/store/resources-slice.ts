// What servers offer besides tools (issue 22): each server's resources, templates and prompts
// (loaded on demand), the resource viewer, resource attachments (subscribed, so a change marks
// them and Refresh reads them again), completions, and prompts run from the composer.
import type { StateCreator } from 'zustand';
import type { Attachment } from '../../shared/chat-types';
import type { Completion, CompletionRef, ResourceContents } from '../../shared/mcp-types';
import type { PromptCommand, ServerOfferingsView } from '../../shared/resource-types';
import { call, subscribe } from '../host';
import { NO_CONVERSATION } from './chat-slice';
import type { LenaState } from './index';
import { attempt, toUiError, type Outcome, type UiError } from './result';

export interface ViewerState {
  server: string;
  uri: string;
  name: string;
  contents: ResourceContents[] | null;
  error: UiError | null;
}

export interface ResourcesSlice {
  offerings: Record<string, ServerOfferingsView>;
  offeringsError: Record<string, UiError>;
  viewer: ViewerState | null;
  /** `server uri` of attached resources the server said changed since they were read. */
  changedResources: Record<string, true>;
  promptCommands: PromptCommand[];
  loadOfferings(server: string): Promise<void>;
  openResource(server: string, uri: string, name?: string): Promise<void>;
  closeViewer(): void;
  /** Reads a resource and attaches it to the draft; subscribes when the server can say it changed. */
  attachResource(server: string, uri: string, name: string): Promise<Outcome<void>>;
  /** Reads an attached resource again (after a change). */
  refreshAttachment(index: number): Promise<Outcome<void>>;
  complete(server: string, ref: CompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<Completion>;
  loadPromptCommands(): Promise<void>;
  /** Runs a prompt into the open conversation (a new one when none is open). */
  runPrompt(server: string, name: string, args: Record<string, string>): Promise<Outcome<unknown>>;
  subscribeResources(): () => void;
}

export const resourceKey = (server: string, uri: string) => `${server} ${uri}`;

/** A read resource as a composer attachment: its first part, text or blob. */
function asAttachment(server: string, uri: string, name: string, contents: ResourceContents[]): Attachment {
  const part = contents[0];
  if (!part) throw new Error(`${uri} is empty: nothing to attach.`);
  const blob = typeof part.blob === 'string';
  return { kind: 'resource', server, uri, name, mimeType: part.mimeType ?? (blob ? 'application/octet-stream' : 'text/plain'), data: blob ? part.blob! : (part.text ?? ''), ...(blob ? { blob: true } : {}) };
}

export const createResourcesSlice: StateCreator<LenaState, [], [], ResourcesSlice> = (set, get) => {
  const draftKey = () => get().activeId ?? NO_CONVERSATION;
  return {
    offerings: {},
    offeringsError: {},
    viewer: null,
    changedResources: {},
    promptCommands: [],
    async loadOfferings(server) {
      try {
        const value = await call('resources:offerings', { server });
        set((s) => ({ offerings: { ...s.offerings, [server]: value }, offeringsError: Object.fromEntries(Object.entries(s.offeringsError).filter(([k]) => k !== server)) }));
      } catch (err) {
        set((s) => ({ offeringsError: { ...s.offeringsError, [server]: toUiError(err) } }));
      }
    },
    async openResource(server, uri, name) {
      set({ viewer: { server, uri, name: name ?? uri, contents: null, error: null } });
      const r = await attempt(() => call('resources:read', { server, uri }));
      set((s) => (s.viewer?.uri === uri && s.viewer.server === server ? { viewer: { ...s.viewer, contents: r.ok ? r.value : null, error: r.ok ? null : r.error } } : {}));
    },
    closeViewer: () => set({ viewer: null }),
    async attachResource(server, uri, name) {
      const r = await attempt(async () => asAttachment(server, uri, name, await call('resources:read', { server, uri })));
      if (!r.ok) return r;
      get().addAttachments([r.value]);
      if (get().offerings[server]?.subscribe) void attempt(() => call('resources:subscribe', { server, uri }));
      return { ok: true, value: undefined };
    },
    async refreshAttachment(index) {
      const k = draftKey();
      const a = get().attachments[k]?.[index];
      if (!a || a.kind !== 'resource' || !a.server || !a.uri) return { ok: true, value: undefined };
      const { server, uri } = a;
      const r = await attempt(async () => asAttachment(server, uri, a.name, await call('resources:read', { server, uri })));
      if (!r.ok) return r;
      set((s) => {
        const { [resourceKey(server, uri)]: _gone, ...changed } = s.changedResources;
        void _gone;
        return { changedResources: changed, attachments: { ...s.attachments, [k]: (s.attachments[k] ?? []).map((x, i) => (i === index ? r.value : x)) } };
      });
      return { ok: true, value: undefined };
    },
    complete: (server, ref, argument, context) => call('resources:complete', { server, ref, argument, ...(context ? { context } : {}) }).catch(() => ({ values: [] })),
    async loadPromptCommands() {
      const r = await attempt(() => call('prompts:list'));
      if (r.ok) set({ promptCommands: r.value });
    },
    async runPrompt(server, name, args) {
      let id = get().activeId;
      if (id === null) {
        const created = await get().newConversation();
        if (!created.ok) return created;
        id = created.value.id;
      }
      const conversationId = id;
      const r = await attempt(() => call('prompts:run', { conversationId, server, name, arguments: args }));
      if (!r.ok) set({ sendError: r.error });
      return r;
    },
    subscribeResources() {
      const a = subscribe('resources:updated', ({ server, uri }) => set((s) => ({ changedResources: { ...s.changedResources, [resourceKey(server, uri)]: true } })));
      const b = subscribe('resources:list-changed', ({ server, kind }) => {
        if (get().offerings[server]) void get().loadOfferings(server);
        if (kind === 'prompts') void get().loadPromptCommands();
      });
      return () => {
        a();
        b();
      };
    },
  };
};
