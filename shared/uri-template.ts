// URI templates (RFC 6570) as MCP resource templates use them: the variables a template names (the
// fields of its argument form) and the URI the form's values make. Shared: the window shows the
// URI before reading it, the command line reads it.

/**
 * Fills a URI template (RFC 6570 level 1 and the `{+var}`, `{#var}`, `{/var}` forms servers use)
 * from the argument form's values; the window shows the result before reading it.
 */
export function expandUriTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([+#/.;?&]?)([^}]+)\}/g, (_m, op: string, names: string) => {
    const parts = names.split(',').map((n) => n.replace(/\*$/, '').trim());
    const present = parts.filter((n) => values[n] !== undefined && values[n] !== '');
    const enc = (v: string) => (op === '+' || op === '#' ? encodeURI(v) : encodeURIComponent(v));
    if (op === '?' || op === '&')
      return present.length ? op + present.map((n) => `${n}=${enc(values[n])}`).join('&') : '';
    const joined = present.map((n) => enc(values[n])).join(op === '/' ? '/' : ',');
    if (!joined) return '';
    return op === '+' || op === '' ? joined : `${op}${joined}`;
  });
}

/** The variable names of a URI template, in order (the argument form's fields). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{[+#/.;?&]?([^}]+)\}/g))
    for (const n of m[1].split(',')) names.push(n.replace(/\*$/, '').trim());
  return [...new Set(names)];
}
