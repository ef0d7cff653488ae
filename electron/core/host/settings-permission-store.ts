// The permission gate's user scope lives in settings.json. SettingsStore is that file's only
// writer (one queue, so a new rule and a changed model never overwrite each other).
import { parsePermissionState } from '../permissions/scopes';
import type { PermissionStore } from '../permissions/store';
import type { PermissionState } from '../permissions/types';
import type { Settings, SettingsStore } from '../store/settings';

export class SettingsPermissionStore implements PermissionStore {
  readonly warnings: string[] = [];

  constructor(private readonly settings: SettingsStore) {}

  async load(): Promise<PermissionState> {
    const s = await this.settings.reload();
    const parsed = parsePermissionState({ permissions: s.permissions, trusted: s.trusted, autoApproveReadOnlyTrusted: s.autoApproveReadOnlyTrusted }, this.settings.file);
    this.warnings.splice(0, this.warnings.length, ...parsed.warnings);
    return parsed.state;
  }

  async save(state: PermissionState): Promise<void> {
    // Plain JSON copies: the stored shapes are the permission module's own, kept as written.
    const plain = JSON.parse(JSON.stringify({ permissions: state.permissions, trusted: state.trusted })) as Pick<Settings, 'permissions' | 'trusted'>;
    await this.settings.update({ ...plain, autoApproveReadOnlyTrusted: state.autoApproveReadOnlyTrusted });
  }
}
