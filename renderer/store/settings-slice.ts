// Settings (never a secret value: only whether the API key is set), secrets, and the project folder.
import type { StateCreator } from 'zustand';
import type { ProjectView, SettingsPatch, SettingsView } from '../../shared/settings-types';
import { call, subscribe } from '../host';
import type { LenaState } from './index';
import { attempt, toUiError, type LoadState, type Outcome, type UiError } from './result';

export interface SettingsSlice {
  settings: SettingsView | null;
  settingsState: LoadState;
  settingsError: UiError | null;
  project: ProjectView | null;
  projectError: UiError | null;
  /** The theme chosen in this window, applied at once even if saving it fails. */
  themeChoice: SettingsView['theme'] | null;
  /** Why the chosen theme was not saved. */
  themeError: UiError | null;
  setTheme(theme: SettingsView['theme']): Promise<Outcome<SettingsView>>;
  loadSettings(): Promise<void>;
  updateSettings(patch: SettingsPatch): Promise<Outcome<SettingsView>>;
  setApiKey(key: string): Promise<Outcome<SettingsView>>;
  clearApiKey(): Promise<Outcome<SettingsView>>;
  setSecret(name: string, value: string): Promise<Outcome<void>>;
  loadProject(): Promise<void>;
  openProject(folder: string | null): Promise<Outcome<ProjectView>>;
  subscribeSettings(): () => void;
}

export const createSettingsSlice: StateCreator<LenaState, [], [], SettingsSlice> = (set, get) => {
  const withSettings = async (fn: () => Promise<SettingsView>): Promise<Outcome<SettingsView>> => {
    const r = await attempt(fn);
    if (r.ok) set({ settings: r.value, settingsState: 'ready', settingsError: null });
    return r;
  };
  return {
    settings: null,
    settingsState: 'idle',
    settingsError: null,
    project: null,
    projectError: null,
    themeChoice: null,
    themeError: null,
    async setTheme(theme) {
      set({ themeChoice: theme });
      const r = await get().updateSettings({ theme });
      set({ themeError: r.ok ? null : r.error });
      return r;
    },
    async loadSettings() {
      set({ settingsState: 'loading' });
      try {
        set({ settings: await call('settings:get'), settingsState: 'ready', settingsError: null });
      } catch (err) {
        set({ settingsState: 'error', settingsError: toUiError(err) });
      }
    },
    updateSettings: (patch) => withSettings(() => call('settings:update', patch)),
    setApiKey: (key) => withSettings(() => call('settings:set-api-key', { key })),
    clearApiKey: () => withSettings(() => call('settings:clear-api-key')),
    setSecret: (name, value) => attempt(() => call('secrets:set', { name, value })),
    async loadProject() {
      const r = await attempt(() => call('project:get'));
      set(r.ok ? { project: r.value, projectError: null } : { projectError: r.error });
    },
    async openProject(folder) {
      const r = await attempt(() => call('project:open', { folder }));
      if (r.ok) set({ project: r.value, projectError: null });
      return r;
    },
    subscribeSettings() {
      const a = subscribe('settings:changed', (settings) => set({ settings, settingsState: 'ready' }));
      const b = subscribe('project:changed', (project) => set({ project }));
      return () => {
        a();
        b();
      };
    },
  };
};
