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

const SCOPE_WHOSE = {
  user: 'your rule',
  project: "the project's rule",
  cli: 'the --ask rule',
  session: 'the rule',
} as const;

/**
 * An answer's record split from the ask rule that made Lena ask ("asked: allowed once · asked by
 * rule ask X (user)"), that rule said as a sentence: "Lena asked because of your rule “X”."
 */
export function splitAskedBy(decidedBy: string): { answer: string; asked: string | null } {
  const at = decidedBy.indexOf(' · asked by ');
  if (at < 0) return { answer: decidedBy, asked: null };
  const rule = decidedBy.slice(at + ' · asked by '.length);
  const m = /^rule ask (.+) \((user|project|cli|session)\)/s.exec(rule);
  const asked = m
    ? `Lena asked because of ${SCOPE_WHOSE[m[2] as keyof typeof SCOPE_WHOSE]} “${m[1]}”.`
    : `Lena asked: ${rule}.`;
  return { answer: decidedBy.slice(0, at), asked };
}

/** For the card of a call that ran after a question an ask rule raised: which rule asked. */
export function askedWords(decidedBy: string | null): string | null {
  return decidedBy ? splitAskedBy(decidedBy).asked : null;
}
