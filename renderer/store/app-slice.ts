// App-wide state: versions from the core, the log feed, and which view the main pane shows.
import type { StateCreator } from 'zustand';
import type { AppInfo, LogEntry } from '../../shared/app-types';
import { call, subscribe } from '../host';

export type View = 'chat' | 'servers' | 'settings';
const MAX_LOGS = 500;

export interface AppSlice {
  info: AppInfo | null;
  infoError: string | null;
  logs: LogEntry[];
  view: View;
  sidebarOpen: boolean;
  loadInfo(): Promise<void>;
  setView(view: View): void;
  toggleSidebar(): void;
  /** Subscribes to core events; returns the unsubscribe function. */
  connect(): () => void;
}

export const createAppSlice: StateCreator<AppSlice, [], [], AppSlice> = (set) => ({
  info: null,
  infoError: null,
  logs: [],
  view: 'chat',
  sidebarOpen: true,
  async loadInfo() {
    try {
      set({ info: await call('app:info'), infoError: null });
    } catch (err) {
      set({ infoError: err instanceof Error ? err.message : String(err) });
    }
  },
  setView: (view) => set({ view }),
  toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
  connect() {
    return subscribe('app:log', (entry) =>
      set((s) => ({ logs: [...s.logs.slice(-(MAX_LOGS - 1)), entry] })),
    );
  },
});
