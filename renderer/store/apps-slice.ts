// MCP Apps in the window: each tool's view as core gives it (fetched, cached and pinned in core),
// what each view last put into the model's context (shown on its card), and the requests a view
// makes, passed to core's `apps:*` channels with the card's tool call as the view's identity.
import type { StateCreator } from 'zustand';
import type { AppModelContext, AppView, AppViewRef } from '../../shared/app-view-types';
import type { CallToolResult, ResourceContents } from '../../shared/mcp-types';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, type UiError } from './result';

type Blocks = Record<string, unknown>[];

/** The key of a tool's view in `appViews`. */
export const viewKey = (server: string, tool: string): string => `${server}\u0000${tool}`;

export interface AppsSlice {
  /** Views by `viewKey`: null when the tool has none; absent until asked. */
  appViews: Record<string, AppView | null>;
  appViewErrors: Record<string, UiError>;
  loadAppView(server: string, tool: string): Promise<void>;
  /** Views shown full width, by tool-use id (kept while the view is torn down and started again). */
  fullWidth: Record<string, boolean>;
  setFullWidth(toolUseId: string, on: boolean): void;
  /** What each view last gave the model, by tool-use id. */
  modelContexts: Record<string, AppModelContext>;
  loadModelContexts(conversationId: string): Promise<void>;
  setModelContext(context: AppModelContext): void;
  viewCallTool(ref: AppViewRef, name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  viewReadResource(ref: AppViewRef, uri: string): Promise<{ contents: ResourceContents[] }>;
  /** Resolves whether the user sent the view's message (asked in the question frame by core). */
  viewMessage(ref: AppViewRef, content: Blocks): Promise<boolean>;
  /** Core checks the address (https only); the window then asks before opening it. */
  viewCheckLink(ref: AppViewRef, url: string): Promise<{ href: string; origin: string }>;
  viewUpdateContext(ref: AppViewRef, params: { content?: Blocks; structuredContent?: Record<string, unknown> }): Promise<void>;
  viewDownload(ref: AppViewRef, contents: Blocks): Promise<boolean>;
  subscribeApps(): () => void;
}

const loading = new Set<string>();

export const createAppsSlice: StateCreator<LenaState, [], [], AppsSlice> = (set, get) => ({
  appViews: {},
  appViewErrors: {},
  async loadAppView(server, tool) {
    const key = viewKey(server, tool);
    if (loading.has(key)) return;
    loading.add(key);
    try {
      const r = await attempt(() => call('apps:view', { server, tool }));
      if (r.ok) {
        set((s) => {
          const { [key]: _, ...errors } = s.appViewErrors;
          return { appViews: { ...s.appViews, [key]: r.value }, appViewErrors: errors };
        });
      } else set((s) => ({ appViewErrors: { ...s.appViewErrors, [key]: r.error } }));
    } finally {
      loading.delete(key);
    }
  },
  fullWidth: {},
  setFullWidth: (toolUseId, on) => set((s) => ({ fullWidth: { ...s.fullWidth, [toolUseId]: on } })),
  modelContexts: {},
  async loadModelContexts(conversationId) {
    const r = await attempt(() => call('apps:contexts', { conversationId }));
    if (r.ok) set((s) => ({ modelContexts: { ...s.modelContexts, ...Object.fromEntries(r.value.map((c) => [c.toolUseId, c])) } }));
  },
  setModelContext: (context) => set((s) => ({ modelContexts: { ...s.modelContexts, [context.toolUseId]: context } })),
  viewCallTool: (ref, name, args) => call('apps:call-tool', { ...ref, name, ...(args ? { arguments: args } : {}) }),
  viewReadResource: (ref, uri) => call('apps:read-resource', { ...ref, uri }),
  viewMessage: async (ref, content) => (await call('apps:message', { ...ref, role: 'user', content })).sent,
  viewCheckLink: (ref, url) => call('apps:check-link', { ...ref, url }),
  async viewUpdateContext(ref, params) {
    get().setModelContext(await call('apps:update-context', { ...ref, ...params }));
  },
  async viewDownload(ref, contents) {
    const r = await call('apps:download', { ...ref, contents });
    return !r.cancelled && r.saved.length > 0;
  },
  subscribeApps() {
    const a = subscribe('apps:context-changed', (context) => get().setModelContext(context));
    // A server's tools changed: its views may have too (core holds a changed view for review).
    const b = subscribe('servers:tools-changed', ({ server }) =>
      set((s) => ({ appViews: Object.fromEntries(Object.entries(s.appViews).filter(([k]) => !k.startsWith(`${server}\u0000`))) })),
    );
    return () => {
      a();
      b();
    };
  },
});
