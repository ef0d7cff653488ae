// Which rule decided that Lena asks, in words for the permission dialog. Core describes it as
// "default: ask" or "rule ask mcp__fs__write_file (user)", with notes after "; ".
export function ruleWords(rule: string): string {
  return rule
    .split('; ')
    .map((part) => {
      if (part === 'default: ask') return 'No saved rule, so Lena asks.';
      const m = /^rule (allow|ask|deny) (.+) \((user|project)\)$/.exec(part);
      if (m)
        return `Your ${m[3] === 'user' ? '' : 'project '}rule “${m[2]}” says to ${m[1] === 'ask' ? 'ask' : m[1]}.`;
      return part.charAt(0).toUpperCase() + part.slice(1) + (/[.!?]$/.test(part) ? '' : '.');
    })
    .join(' ');
}
