// settings:*, secrets:set and project:* — settings without secrets, the API key, the project folder.
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { SettingsView } from '../../../../shared/settings-types';
import type { HostServices } from '../services';

type SettingsHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `settings:${string}` | 'secrets:set' | `project:${string}`>
>;

export function settingsHandlers(
  get: () => Promise<HostServices>,
  events: HostEvents,
): SettingsHandlers {
  /** A change made here is said to every window (settings:changed). */
  const changed = async (view: Promise<SettingsView>) => {
    events.emit('settings:changed', await view);
    return view;
  };
  return {
    'settings:get': async () => (await get()).settings.view(),
    'settings:update': async (patch) => changed((await get()).settings.update(patch)),
    'settings:set-api-key': async ({ key }) => changed((await get()).settings.setApiKey(key)),
    'settings:clear-api-key': async () => changed((await get()).settings.clearApiKey()),
    'secrets:set': async ({ name, value }) => (await get()).settings.setSecret(name, value),
    'project:get': async () => (await get()).project.view(),
    'project:open': async ({ folder }) => (await get()).project.open(folder),
    'project:prefs': async ({ folder }) => (await get()).chat.projectPrefs(folder),
    'project:set-prefs': async ({ folder, ...change }) =>
      (await get()).chat.setProjectPrefs(folder, change),
  };
}
