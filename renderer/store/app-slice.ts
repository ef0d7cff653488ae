// App-wide state: versions from the core, the log feed, which view the main pane shows, and the
// start-up wiring that loads every slice and subscribes to core events.
import type { StateCreator } from 'zustand';
import type { AppInfo, LogEntry } from '../../shared/app-types';
import { call, subscribe } from '../host';
import { isNarrowWindow } from '../components/use-narrow';
import type { LenaState } from './index';

export type View = 'chat' | 'servers' | 'settings';
const MAX_LOGS = 500;

export interface AppSlice {
  info: AppInfo | null;
  infoError: string | null;
  logs: LogEntry[];
  view: View;
  sidebarOpen: boolean;
  /** Bumped when the caret belongs in the composer (new or chosen conversation); the composer follows it. */
  composerFocus: number;
  focusComposerSoon(): void;
  loadInfo(): Promise<void>;
  /** Start-up notices from core (a database moved aside…), shown once as toasts. */
  loadNotices(): Promise<void>;
  setView(view: View): void;
  toggleSidebar(): void;
  /** Loads every slice and subscribes to core events; returns the unsubscribe function. */
  connect(): () => void;
}

export const createAppSlice: StateCreator<LenaState, [], [], AppSlice> = (set, get) => ({
  info: null,
  infoError: null,
  logs: [],
  view: 'chat',
  // A narrow window starts with the sidebar closed (it opens as an overlay there).
  sidebarOpen: !isNarrowWindow(),
  composerFocus: 0,
  focusComposerSoon: () => set((s) => ({ composerFocus: s.composerFocus + 1 })),
  async loadInfo() {
    try {
      set({ info: await call('app:info'), infoError: null });
    } catch (err) {
      set({ infoError: err instanceof Error ? err.message : String(err) });
    }
  },
  async loadNotices() {
    try {
      for (const notice of await call('app:notices')) get().pushToast({ message: notice.message }, notice.level === 'info' ? 6000 : 20_000);
    } catch {
      // The services did not start: every view shows that error itself.
    }
  },
  setView: (view) => set({ view }),
  toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
  connect() {
    const s = get();
    const unsubscribers = [
      subscribe('app:log', (entry) => {
        set((st) => ({ logs: [...st.logs.slice(-(MAX_LOGS - 1)), entry] }));
        // A configuration file edited into something broken is said where the user looks.
        if (entry.source === 'config' && entry.level === 'error') get().pushToast({ message: entry.message }, 12_000);
      }),
      s.subscribeConversations(),
      s.subscribeChat(),
      s.subscribeServers(),
      s.subscribePermissions(),
      s.subscribeServerQuestions(),
      s.subscribeSettings(),
      s.subscribeResources(),
      s.subscribeApps(),
    ];
    void s.loadInfo();
    void s.loadNotices();
    void s.loadSettings();
    void s.loadProject();
    void s.loadConversations();
    void s.loadServers();
    void s.loadPendingPermissions();
    void s.loadServerQuestions();
    void s.loadBudget();
    return () => unsubscribers.forEach((u) => u());
  },
});
