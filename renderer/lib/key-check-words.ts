// What saving the API key found, in the words shown under the key field.
import type { ApiKeyCheck } from '../../shared/settings-types';

export function keyCheckWords(check: ApiKeyCheck | undefined): string {
  if (!check) return 'Key stored.';
  if (check.state === 'verified') return `Key checked with ${check.endpoint} and stored.`;
  return `Key stored, not checked: ${check.reason}. Your first message will tell whether it works.`;
}
