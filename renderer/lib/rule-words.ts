// Which rule decided that Lena asks, in words for the permission dialog. Core describes it as
// "default: ask" or "rule ask mcp__fs__write_file (user)", with notes after "; ".
export function ruleWords(rule: string): string {
  return topLevelParts(rule)
    .map((part) => {
      if (part === 'default: ask') return 'No saved rule, so Lena asks.';
      // A rule that names the tool but not these arguments (or a changed server) is said after it.
      const notes = /^default: ask \((.+)\)$/s.exec(part);
      if (notes) return `No saved rule covers this call, so Lena asks: ${notes[1]}.`;
      const m = /^rule (allow|ask|deny) (.+) \((user|project)\)$/.exec(part);
      if (m)
        return `Your ${m[3] === 'user' ? '' : 'project '}rule “${m[2]}” says to ${m[1] === 'ask' ? 'ask' : m[1]}.`;
      return part.charAt(0).toUpperCase() + part.slice(1) + (/[.!?]$/.test(part) ? '' : '.');
    })
    .join(' ');
}

/**
 * Which rule let a call run, for its card: "Allowed by your rule “mcp__fs__write_file(path:~/notes/**)”."
 * Null when no rule decided it (the user answered, a grant, a trusted server's read-only tool).
 */
export function allowedWords(decidedBy: string | null): string | null {
  const m = decidedBy ? /^rule allow (.+) \((user|project|cli|session)\)$/.exec(decidedBy) : null;
  if (!m) return null;
  const whose = {
    user: 'your rule',
    project: "the project's rule",
    cli: 'the --allow rule',
    session: "this chat's grant",
  }[m[2] as 'user' | 'project' | 'cli' | 'session'];
  return `Allowed by ${whose} “${m[1]}”.`;
}

/** The "; "-separated notes of a decision, not splitting inside parentheses (a rule's own notes). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === ';' && text[i + 1] === ' ') {
      parts.push(text.slice(start, i));
      start = i + 2;
    }
  }
  return [...parts, text.slice(start)];
}
