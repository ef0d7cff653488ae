// Pure selectors over settings and the project folder.
import type { LenaState } from '../create-store';

export const settingsSelectors = {
  settings: (s: LenaState) => s.settingsView.value,
  settingsLoad: (s: LenaState) => s.settingsView,
  /** The theme in effect: the one chosen in this window first, then the saved one. */
  theme: (s: LenaState) => s.themeChoice ?? s.settingsView.value?.theme ?? 'system',
  themeError: (s: LenaState) => s.themeError,
  /** Chat needs a key before anything else; unknown (settings not loaded) counts as missing. */
  apiKeyMissing: (s: LenaState) => s.settingsView.value?.apiKeySet !== true,
  /** Where requests go and whether a key is set: the model list is fetched again when it changes. */
  endpoint: (s: LenaState) =>
    `${String(s.settingsView.value?.apiKeySet)}|${s.settingsView.value?.baseUrl ?? ''}`,
  project: (s: LenaState) => s.projectView.value,
  projectError: (s: LenaState) => s.projectView.error,
  projectPrefs: (s: LenaState) => s.projectPrefs,
  projectSheetOpen: (s: LenaState) => s.projectSheetOpen,
};
