// settings:*, secrets:set and project:* — settings without secrets, the API key, the project folder.
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import { API_KEY_SECRET } from '../../store/secrets';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { ProjectView } from '../../../../shared/settings-types';
import type { HostServices } from '../services';
import { settingsViewFor } from '../views/settings';

const settingsView = (s: HostServices) => settingsViewFor(s.runtime.settings, s.secrets, s.updates);

type SettingsHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `settings:${string}` | 'secrets:set' | `project:${string}`>
>;

const projectView = async (get: () => Promise<HostServices>): Promise<ProjectView> => {
  const s = await get();
  return {
    folder: s.project.folder,
    recent: s.projects?.recent() ?? [],
    mcpFile: s.project.mcpFile,
  };
};

/** Switches the project folder and says so (project:changed): for the window's project:open and main alike. */
export function projectOpener(
  get: () => Promise<HostServices>,
  events: HostEvents,
): (folder: string | null) => Promise<ProjectView> {
  return async (folder) => {
    await (await get()).setProject(folder);
    const view = await projectView(get);
    events.emit('project:changed', view);
    return view;
  };
}

export function settingsHandlers(
  get: () => Promise<HostServices>,
  events: HostEvents,
): SettingsHandlers {
  const changed = async () => {
    const view = await settingsView(await get());
    events.emit('settings:changed', view);
    return view;
  };
  const openProject = projectOpener(get, events);
  return {
    'settings:get': async () => settingsView(await get()),
    'settings:update': async ({ autoUpdate, ...patch }) => {
      const s = await get();
      if (autoUpdate !== undefined) {
        if (!s.updates)
          throw new LenaError(
            ERROR_CODE.unavailable,
            'This build cannot update itself; install Lena from a release to get automatic updates.',
          );
        await s.updates.set(autoUpdate);
      }
      if (Object.keys(patch).length > 0) await s.runtime.settings.update(patch);
      if (patch.autoApproveReadOnlyTrusted !== undefined) await s.runtime.permissions.reload();
      return changed();
    },
    'settings:set-api-key': async ({ key }) => {
      await (await get()).secrets.set(API_KEY_SECRET, key.trim());
      return changed();
    },
    'settings:clear-api-key': async () => {
      await (await get()).secrets.delete(API_KEY_SECRET);
      return changed();
    },
    'secrets:set': async ({ name, value }) => {
      await (await get()).secrets.set(name, value);
    },
    'project:get': () => projectView(get),
    'project:open': ({ folder }) => openProject(folder),
  };
}
