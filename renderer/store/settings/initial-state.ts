// Settings (never a secret value: only whether the API key is set) and the project folder.
import type { ProjectPrefsView } from '../../../shared/projects';
import type { ProjectView, SettingsView } from '../../../shared/settings-types';
import { idle, type Loadable } from '../loadable';
import type { UiError } from '../result';

export interface SettingsState {
  settingsView: Loadable<SettingsView>;
  projectView: Loadable<ProjectView>;
  /** The preferences Lena keeps for the open project (the project sheet). */
  projectPrefs: Loadable<ProjectPrefsView>;
  /** The project sheet is open. */
  projectSheetOpen: boolean;
  /** The theme chosen in this window, applied at once even if saving it fails. */
  themeChoice: SettingsView['theme'] | null;
  /** Why the chosen theme was not saved. */
  themeError: UiError | null;
}

export const initialSettingsState = (): SettingsState => ({
  settingsView: idle(),
  projectView: idle(),
  projectPrefs: idle(),
  projectSheetOpen: false,
  themeChoice: null,
  themeError: null,
});
