// settings:*, secrets:set and project:* — settings without secrets, the API key, the project folder.
import type { SettingsView } from '../../../../shared/settings-types';
import { CLAUDE_MODELS } from '../../store/settings';
import { API_KEY_SECRET } from '../../store/secrets';
import type { Handlers } from '../dispatch';
import type { HostEvents } from '../events';
import type { HostServices } from '../services';

type SettingsHandlers = Pick<Handlers, Extract<keyof Handlers, `settings:${string}` | 'secrets:set' | `project:${string}`>>;

export async function settingsView(s: HostServices): Promise<SettingsView> {
  const c = s.runtime.settings.current;
  return {
    model: c.model,
    models: [...CLAUDE_MODELS],
    maxTokens: c.maxTokens,
    temperature: c.temperature,
    systemPrompt: c.systemPrompt,
    maxRounds: c.maxRounds,
    baseUrl: c.baseUrl,
    requestTimeoutMs: c.requestTimeoutMs,
    autoApproveReadOnlyTrusted: c.autoApproveReadOnlyTrusted,
    theme: c.theme,
    apiKeySet: await s.secrets.has(API_KEY_SECRET),
    secretStorage: { persistent: s.secrets.persistent, description: s.secrets.description },
    issues: [...s.runtime.settings.issues],
  };
}

export function settingsHandlers(get: () => Promise<HostServices>, events: HostEvents): SettingsHandlers {
  const changed = async () => {
    const view = await settingsView(await get());
    events.emit('settings:changed', view);
    return view;
  };
  const projectView = async () => {
    const s = await get();
    return { folder: s.project.folder, recent: [], mcpFile: s.project.mcpFile };
  };
  return {
    'settings:get': async () => settingsView(await get()),
    'settings:update': async (patch) => {
      const s = await get();
      await s.runtime.settings.update(patch);
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
    'project:get': projectView,
    'project:open': async ({ folder }) => {
      await (await get()).setProject(folder);
      const view = await projectView();
      events.emit('project:changed', view);
      return view;
    },
  };
}
