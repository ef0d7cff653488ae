// Where the user scope of permissions lives. The app's is host/settings-permission-store.ts (the
// rules kept in settings.json); these two serve tests of the gate on its own.
import { readJsonFileOrSetAside, writeJsonFile } from '../base/json-file';
import { withLockedFile } from '../base/locked-file';
import { defaultPermissionState, parsePermissionState } from './scopes';
import type { PermissionState } from './types';

export interface PermissionStore {
  load(): Promise<PermissionState>;
  save(state: PermissionState): Promise<void>;
}

const copy = (state: PermissionState): PermissionState => structuredClone(state);

/** Keeps the state in memory only (tests, and sessions that must not write to disk). */
export class MemoryPermissionStore implements PermissionStore {
  private state: PermissionState;

  constructor(initial: PermissionState = defaultPermissionState()) {
    this.state = copy(initial);
  }

  async load(): Promise<PermissionState> {
    return copy(this.state);
  }

  async save(state: PermissionState): Promise<void> {
    this.state = copy(state);
  }
}

/**
 * Keeps `permissions`, `trusted` and `autoApproveReadOnlyTrusted` in a JSON file, leaving any other
 * keys of that file as they are. Unusable rules are reported in `warnings` and left out.
 */
export class JsonFilePermissionStore implements PermissionStore {
  readonly warnings: string[] = [];

  constructor(readonly path: string) {}

  async load(): Promise<PermissionState> {
    const read = await readJsonFileOrSetAside(this.path);
    if (read.warning) this.warnings.push(read.warning);
    const parsed = parsePermissionState(read.value, this.path);
    this.warnings.push(...parsed.warnings);
    return parsed.state;
  }

  save(state: PermissionState): Promise<void> {
    return withLockedFile(this.path, async () => {
      const read = await readJsonFileOrSetAside(this.path);
      if (read.warning) this.warnings.push(read.warning);
      const others =
        read.value !== null && typeof read.value === 'object' && !Array.isArray(read.value)
          ? read.value
          : {};
      const next = {
        ...others,
        permissions: state.permissions,
        trusted: state.trusted,
        autoApproveReadOnlyTrusted: state.autoApproveReadOnlyTrusted,
      };
      await writeJsonFile(this.path, next, { createDir: true });
    });
  }
}
