// Pure selectors over permission requests and rules.
import type { LenaState } from '../create-store';

export const permissionsSelectors = {
  queue: (s: LenaState) => s.permissionQueue,
  request: (id: string | null) => (s: LenaState) => s.permissionQueue.find((p) => p.id === id),
  error: (s: LenaState) => s.permissionsError,
  rules: (s: LenaState) => s.ruleList.value,
  rulesError: (s: LenaState) => s.ruleList.error,
};
