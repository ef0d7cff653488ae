// App-wide actions and the start-up wiring that loads every slice and subscribes to core events.
import { failed, ready, reloading } from '../loadable';
import { toUiError } from '../result';
import type { ActionsCreator } from '../slice';
import type { View } from './initial-state';

const MAX_LOGS = 500;

export interface AppActions {
  focusComposerSoon(): void;
  /** Whether a focus request is still open for the composer; it is then marked handled. */
  claimComposerFocus(): boolean;
  loadInfo(): Promise<void>;
  /** Start-up notices from core (a database moved aside…), shown once as toasts. */
  loadNotices(): Promise<void>;
  setView(view: View): void;
  toggleSidebar(): void;
  setSidebarOpen(open: boolean): void;
  /** Loads every slice and subscribes to core events; returns the unsubscribe function. */
  connect(): () => void;
}

export const createAppActions: ActionsCreator<AppActions> = (set, get, host) => ({
  focusComposerSoon: () => set((s) => ({ composerFocus: s.composerFocus + 1 })),
  claimComposerFocus() {
    const { composerFocus, composerFocusHandled } = get();
    if (composerFocus === composerFocusHandled) return false;
    set({ composerFocusHandled: composerFocus });
    return true;
  },
  async loadInfo() {
    set((s) => ({ appInfo: reloading(s.appInfo) }));
    try {
      const info = await host.call('app:info');
      set({ appInfo: ready(info) });
    } catch (err) {
      set((s) => ({ appInfo: failed(s.appInfo, toUiError(err)) }));
    }
  },
  async loadNotices() {
    try {
      for (const notice of await host.call('app:notices'))
        get().pushToast({ message: notice.message }, notice.level === 'info' ? 6000 : 20_000);
    } catch {
      // The services did not start: every view shows that error itself.
    }
  },
  setView: (view) => set({ view }),
  toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
  setSidebarOpen: (open) => set({ sidebarOpen: open }),
  connect() {
    const s = get();
    const unsubscribers = [
      host.subscribe('app:logged', (entry) => {
        set((st) => ({ logs: [...st.logs.slice(-(MAX_LOGS - 1)), entry] }));
        // A configuration file edited into something broken is said where the user looks.
        if (entry.source === 'config' && entry.level === 'error')
          get().pushToast({ message: entry.message }, 12_000);
      }),
      s.subscribeConversations(),
      s.subscribeChat(),
      s.subscribeServers(),
      s.subscribeQuestions(),
      s.subscribeSettings(),
      s.subscribeResources(),
      s.subscribeApps(),
      s.subscribeInspector(),
      s.subscribeBundles(),
    ];
    void s.loadInfo();
    void s.loadNotices();
    void s.loadSettings();
    void s.loadProject();
    void s.loadConversations();
    void s.loadServers();
    void s.loadQuestions();
    void s.loadBudget();
    s.startWindow();
    return () => unsubscribers.forEach((u) => u());
  },
});
