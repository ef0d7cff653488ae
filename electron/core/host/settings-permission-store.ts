// The gate's user-scope state (permissions, trusted, autoApproveReadOnlyTrusted) kept in
// settings.json through the SettingsStore, so every write to that file goes through one queue and
// one rule: a broken file is reported and kept, never moved or overwritten.
import { parsePermissionState } from '../permissions/scopes';
import type { PermissionStore } from '../permissions/store';
import type { PermissionState } from '../permissions/types';
import type { SettingsStore } from '../store/settings';

export class SettingsPermissionStore implements PermissionStore {
  /** Problems found reading the rules (each also explains what was done instead). */
  readonly warnings: string[] = [];

  constructor(private readonly settings: SettingsStore) {}

  /** Reads the file afresh (another Lena process may have written rules since). */
  async load(): Promise<PermissionState> {
    await this.settings.reload();
    const parsed = parsePermissionState(this.settings.raw(), this.settings.file);
    this.warnings.push(...this.settings.issues, ...parsed.warnings);
    return parsed.state;
  }

  /** Rejects with the settings store's message while settings.json is broken. */
  async save(state: PermissionState): Promise<void> {
    await this.settings.updateKeys({
      permissions: state.permissions,
      trusted: state.trusted,
      autoApproveReadOnlyTrusted: state.autoApproveReadOnlyTrusted,
    });
  }
}
