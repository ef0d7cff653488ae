// Pure selectors over the saved rules.
import type { LenaState } from '../create-store';

export const permissionsSelectors = {
  rules: (s: LenaState) => s.ruleList.value,
  rulesError: (s: LenaState) => s.ruleList.error,
};
