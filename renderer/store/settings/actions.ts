// Loading and changing settings, secrets and the project folder.
import type { ProjectPrefsView } from '../../../shared/projects';
import type { ProjectView, SettingsPatch, SettingsView } from '../../../shared/settings-types';
import { failed, ready, reloading } from '../loadable';
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';
import type { ArgsOf } from '../../../shared/contract';

export interface SettingsActions {
  setTheme(theme: SettingsView['theme']): Promise<Outcome<SettingsView>>;
  loadSettings(): Promise<void>;
  updateSettings(patch: SettingsPatch): Promise<Outcome<SettingsView>>;
  setApiKey(key: string): Promise<Outcome<SettingsView>>;
  clearApiKey(): Promise<Outcome<SettingsView>>;
  setSecret(name: string, value: string): Promise<Outcome<void>>;
  loadProject(): Promise<void>;
  openProject(folder: string | null): Promise<Outcome<ProjectView>>;
  /** Opens (with the open folder's preferences loaded) or closes the project sheet. */
  setProjectSheet(open: boolean): Promise<void>;
  saveProjectPrefs(
    change: Omit<ArgsOf<'project:set-prefs'>, 'folder'>,
  ): Promise<Outcome<ProjectPrefsView>>;
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
    async setProjectSheet(open) {
      const folder = get().projectView.value?.folder;
      set({ projectSheetOpen: open && !!folder });
      if (!open || !folder) return;
      set((s) => ({ projectPrefs: reloading(s.projectPrefs) }));
      const r = await attempt(() => host.call('project:prefs', { folder }));
      set((s) => ({ projectPrefs: r.ok ? ready(r.value) : failed(s.projectPrefs, r.error) }));
    },
    async saveProjectPrefs(change) {
      const folder = get().projectPrefs.value?.folder ?? get().projectView.value?.folder;
      const r = await attempt(() => {
        if (!folder) throw new Error('No project folder is open.');
        return host.call('project:set-prefs', { folder, ...change });
      });
      if (r.ok) set({ projectPrefs: ready(r.value) });
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
