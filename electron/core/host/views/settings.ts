// Settings as the window sees them (shared SettingsView): the values, the model list, whether an
// API key is set and where secrets live, never a secret value; and the desktop's update opt-in.
import type { SettingsView } from '../../../../shared/settings-types';
import { API_KEY_SECRET, type SecretProvider } from '../../store/secrets';
import { CLAUDE_MODELS, type SettingsStore } from '../../store/settings';

/** The automatic-updates opt-in, kept by the desktop shell of an installed build. */
export interface UpdatePreference {
  get(): Promise<boolean>;
  /** Takes effect at the next start. */
  set(on: boolean): Promise<void>;
}

/** The settings page's view: settings.json, the secret store, and the desktop's update opt-in. */
export async function settingsViewFor(
  settings: SettingsStore,
  secrets: SecretProvider,
  updates?: UpdatePreference,
): Promise<SettingsView> {
  return {
    ...(await settingsView(settings, secrets)),
    autoUpdate: updates ? await updates.get() : null,
  };
}

/** The view without `autoUpdate`, which only the desktop shell knows (the host fills it in). */
export async function settingsView(
  settings: SettingsStore,
  secrets: SecretProvider,
): Promise<Omit<SettingsView, 'autoUpdate'>> {
  const s = settings.current;
  const models = CLAUDE_MODELS.some((m) => m.id === s.model)
    ? [...CLAUDE_MODELS]
    : [...CLAUDE_MODELS, { id: s.model, label: s.model }];
  return {
    model: s.model,
    models,
    maxTokens: s.maxTokens,
    systemPrompt: s.systemPrompt,
    maxRounds: s.maxRounds,
    baseUrl: s.baseUrl,
    registryUrl: s.registryUrl,
    requestTimeoutMs: s.requestTimeoutMs,
    autoApproveReadOnlyTrusted: s.autoApproveReadOnlyTrusted,
    theme: s.theme,
    quickEntryShortcut: s.quickEntryShortcut,
    serverTools: structuredClone(s.serverTools),
    thinking: s.thinking,
    effort: s.effort,
    toolSearch: structuredClone(s.toolSearch),
    prices: structuredClone(s.prices),
    apiKeySet: await secrets.has(API_KEY_SECRET).catch(() => false),
    secretStorage: { persistent: secrets.persistent, description: secrets.description },
    issues: [...settings.issues],
  };
}
