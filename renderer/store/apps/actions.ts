// The requests a tool's view makes, passed to core's `apps:*` channels with the card's tool call
// as the view's identity (core finds the server from it), and the views themselves as core gives them.
import type { AppModelContext, AppViewRef } from '../../../shared/app-view-types';
import type { CallToolResult, ResourceContents } from '../../../shared/mcp-types';
import { attempt } from '../result';
import type { ActionsCreator } from '../slice';
import { viewKey } from './initial-state';

type Blocks = Record<string, unknown>[];

export interface AppsActions {
  loadAppView(server: string, tool: string): Promise<void>;
  setFullWidth(toolUseId: string, on: boolean): void;
  loadModelContexts(conversationId: string): Promise<void>;
  setModelContext(context: AppModelContext): void;
  viewCallTool(
    ref: AppViewRef,
    name: string,
    args?: Record<string, unknown>,
  ): Promise<CallToolResult>;
  viewReadResource(ref: AppViewRef, uri: string): Promise<{ contents: ResourceContents[] }>;
  /** Resolves whether the user sent the view's message (asked in the question frame by core). */
  viewMessage(ref: AppViewRef, content: Blocks): Promise<boolean>;
  /** Core checks the address (https only); the window then asks before opening it. */
  viewCheckLink(ref: AppViewRef, url: string): Promise<{ href: string; origin: string }>;
  viewUpdateContext(
    ref: AppViewRef,
    params: { content?: Blocks; structuredContent?: Record<string, unknown> },
  ): Promise<void>;
  viewDownload(ref: AppViewRef, contents: Blocks): Promise<boolean>;
  subscribeApps(): () => void;
}

export const createAppsActions: ActionsCreator<AppsActions> = (set, get, host) => {
  const loading = new Set<string>();
  return {
    async loadAppView(server, tool) {
      const key = viewKey(server, tool);
      if (loading.has(key)) return;
      loading.add(key);
      try {
        const r = await attempt(() => host.call('apps:view', { server, tool }));
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
    setFullWidth: (toolUseId, on) =>
      set((s) => ({ fullWidth: { ...s.fullWidth, [toolUseId]: on } })),
    async loadModelContexts(conversationId) {
      const r = await attempt(() => host.call('apps:contexts', { conversationId }));
      if (r.ok)
        set((s) => ({
          modelContexts: {
            ...s.modelContexts,
            ...Object.fromEntries(r.value.map((c) => [c.toolUseId, c])),
          },
        }));
    },
    setModelContext: (context) =>
      set((s) => ({ modelContexts: { ...s.modelContexts, [context.toolUseId]: context } })),
    viewCallTool: (ref, name, args) =>
      host.call('apps:call-tool', { ...ref, name, ...(args ? { arguments: args } : {}) }),
    viewReadResource: (ref, uri) => host.call('apps:read-resource', { ...ref, uri }),
    viewMessage: async (ref, content) =>
      (await host.call('apps:message', { ...ref, role: 'user', content })).sent,
    viewCheckLink: (ref, url) => host.call('apps:check-link', { ...ref, url }),
    async viewUpdateContext(ref, params) {
      get().setModelContext(await host.call('apps:update-context', { ...ref, ...params }));
    },
    async viewDownload(ref, contents) {
      const r = await host.call('apps:download', { ...ref, contents });
      return !r.cancelled && r.saved.length > 0;
    },
    subscribeApps() {
      const a = host.subscribe('apps:context-changed', (context) => get().setModelContext(context));
      // A server's tools changed: its views may have too (core holds a changed view for review).
      const b = host.subscribe('servers:tools-changed', ({ server }) =>
        set((s) => ({
          appViews: Object.fromEntries(
            Object.entries(s.appViews).filter(([k]) => !k.startsWith(`${server}\u0000`)),
          ),
        })),
      );
      return () => {
        a();
        b();
      };
    },
  };
};
