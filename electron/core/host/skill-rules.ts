// A skill's `allowed-tools` as permission rules the user may accept: each entry read by the rule
// parser the gate uses, so what is offered is exactly what would be saved. Nothing here is applied:
// the window adds a rule only when the user accepts it. A project's skill offers none until the user
// approved it, since its files were written by whoever wrote the repository.
import { parsedOnce } from '../permissions/rule-parse';

export interface SuggestedRule {
  /** The `allowed-tools` entry as written, offered for the allow list. */
  rule: string;
  /** Why the entry is not a rule Lena can save (the parser's message), or null. */
  error: string | null;
}

/** The rules a skill in this state suggests: only a usable skill (enabled or switched off) does. */
export function suggestedRules(skill: {
  state: string;
  allowedTools?: readonly string[];
}): SuggestedRule[] {
  if (skill.state !== 'enabled' && skill.state !== 'disabled') return [];
  return (skill.allowedTools ?? []).map((rule) => {
    const parsed = parsedOnce({ rule });
    return { rule, error: 'message' in parsed ? parsed.message : null };
  });
}
