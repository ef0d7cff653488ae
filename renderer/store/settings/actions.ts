// Loading and changing settings, secrets and the project folder.
import type { ProjectView, SettingsPatch, SettingsView } from '../../../shared/settings-types';
import { failed, ready, reloading } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface SettingsActions {
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

export const createSettingsActions: ActionsCreator<SettingsActions> = (set, get, host) => {
  const withSettings = async (fn: () => Promise<SettingsView>): Promise<Outcome<SettingsView>> => {
    const r = await attempt(fn);
    if (r.ok) set({ settingsView: ready(r.value) });
    return r;
  };
  return {
    async setTheme(theme) {
      set({ themeChoice: theme });
      const r = await get().updateSettings({ theme });
      set({ themeError: r.ok ? null : r.error });
      return r;
    },
    async loadSettings() {
      set((s) => ({ settingsView: reloading(s.settingsView) }));
      const r = await attempt(() => host.call('settings:get'));
      set((s) => ({ settingsView: r.ok ? ready(r.value) : failed(s.settingsView, r.error) }));
    },
    updateSettings: (patch) => withSettings(() => host.call('settings:update', patch)),
    setApiKey: (key) => withSettings(() => host.call('settings:set-api-key', { key })),
    clearApiKey: () => withSettings(() => host.call('settings:clear-api-key')),
    setSecret: (name, value) => attempt(() => host.call('secrets:set', { name, value })),
    async loadProject() {
      const r = await attempt(() => host.call('project:get'));
      set((s) => ({ projectView: r.ok ? ready(r.value) : failed(s.projectView, r.error) }));
    },
    async openProject(folder) {
      const r = await attempt(() => host.call('project:open', { folder }));
      if (r.ok) set({ projectView: ready(r.value) });
      return r;
    },
    subscribeSettings() {
      const a = host.subscribe('settings:changed', (settings) =>
        set({ settingsView: ready(settings) }),
      );
      const b = host.subscribe('project:changed', (project) =>
        set({ projectView: ready(project) }),
      );
      return () => {
        a();
        b();
      };
    },
  };
};
