// The queue of tool-permission requests (one dialog at a time, oldest first) and the saved rules.
import type { PermissionRequestView, PermissionRuleView } from '../../../shared/permission-types';
import { idle, type Loadable } from '../loadable';
import type { UiError } from '../result';

export interface PermissionsState {
  permissionQueue: PermissionRequestView[];
  /** Why the queue could not be loaded or an answer did not reach core. */
  permissionsError: UiError | null;
  ruleList: Loadable<PermissionRuleView[]>;
}

export const initialPermissionsState = (): PermissionsState => ({
  permissionQueue: [],
  permissionsError: null,
  ruleList: idle(),
});
