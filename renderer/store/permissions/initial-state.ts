// The saved rules of the settings screen (the permission requests wait in store/asks).
import type { PermissionRuleView } from '../../../shared/permission-types';
import { idle, type Loadable } from '../loadable';

export interface PermissionsState {
  ruleList: Loadable<PermissionRuleView[]>;
}

export const initialPermissionsState = (): PermissionsState => ({ ruleList: idle() });
