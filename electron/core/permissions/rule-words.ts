// What a rule matches, in words for the settings list: "write_file of fs, when path matches
// ~/notes/**". Built from the parsed rule (text conditions and a rule object's args alike).
import type { Condition } from './arg-match';
import type { ParsedRule } from './rule-parse';

const conditionWords = (c: Condition): string => {
  switch (c.test.kind) {
    case 'pattern':
      return `${c.param} matches ${c.test.text}`;
    case 'under':
      return `${c.param} is under ${c.test.folder}`;
    case 'oneOf':
      return `${c.param} is one of ${c.test.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'regex':
      return `${c.param} matches the regular expression /${c.test.re.source}/`;
  }
};

/** One line saying which calls a rule covers. */
export function ruleMatchWords(parsed: ParsedRule): string {
  switch (parsed.kind) {
    case 'everything':
      return 'every tool of every server, and every A2A agent';
    case 'agents':
      return 'every A2A agent';
    case 'server':
      return `every tool of ${parsed.server}`;
    case 'tool':
      return parsed.conditions.length === 0
        ? `every call of ${parsed.tool} (${parsed.server})`
        : `${parsed.tool} (${parsed.server}) when ${parsed.conditions.map(conditionWords).join(' and ')}`;
  }
}
