// The text of an argument rule: `mcp__SERVER__TOOL(PARAM:PATTERN, PARAM:PATTERN…)`, compatible
// with Claude Code's `Tool(specifier)` where the two overlap. The first `:` after the parameter
// name ends it; a pattern holding `,` or `)`, or starting with a space, is quoted, with `\"` and
// `\\` escaped inside the quotes; `{a,b}` only inside quotes. A parameter is a name or a JSON
// Pointer (`/options/recursive`). Every error names its column and shows a corrected rule.

/** One `PARAM:PATTERN` of a rule. */
export interface ConditionText {
  /** The parameter as written: `path` or `/options/recursive`. */
  param: string;
  /** The JSON Pointer's tokens (`path` is `['path']`). */
  pointer: string[];
  /** The pattern with quotes and their escapes removed; a `\` before any other character stays (a glob escape). */
  pattern: string;
}

export type RuleTextResult =
  | { ok: true; head: string; conditions: ConditionText[] }
  | { ok: false; column: number; reason: string; example?: string };

const NAME = /^[A-Za-z0-9_.$-]+$/;

/** Splits a rule into its tool part and its conditions; `head` is the whole text when it has none. */
export function parseRuleText(text: string): RuleTextResult {
  const open = text.indexOf('(');
  if (open < 0) {
    const close = text.indexOf(')');
    if (close >= 0) return { ok: false, column: close + 1, reason: 'a `)` with no `(` before it' };
    return { ok: true, head: text, conditions: [] };
  }
  return new ConditionReader(text, open).read();
}

/** Quotes a pattern for a rule: `"C:/Users/me,x/**"`. */
export function quotePattern(pattern: string): string {
  return `"${pattern.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Writes conditions back as rule text, quoting the patterns that need it. */
export function conditionText(conditions: readonly ConditionText[]): string {
  return conditions
    .map(
      ({ param, pattern }) => `${param}:${needsQuotes(pattern) ? quotePattern(pattern) : pattern}`,
    )
    .join(', ');
}

const needsQuotes = (pattern: string) =>
  pattern === '' || /[,(){}"]/.test(pattern) || pattern.startsWith(' ');

/** Decodes a JSON Pointer (`/a~1b/c` is `['a/b', 'c']`); null when an escape is not `~0` or `~1`. */
export function pointerTokens(param: string): string[] | null {
  if (!param.startsWith('/')) return NAME.test(param) ? [param] : null;
  const tokens = param.slice(1).split('/');
  if (tokens.some((t) => /~(?![01])/.test(t))) return null;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Failure = Extract<RuleTextResult, { ok: false }>;

/** A left-to-right reader of the part between the parentheses. */
class ConditionReader {
  private pos: number;
  private readonly conditions: ConditionText[] = [];
  /** Where the condition being read starts, for the corrected example. */
  private conditionStart: number;

  constructor(
    private readonly text: string,
    private readonly open: number,
  ) {
    this.pos = open + 1;
    this.conditionStart = this.pos;
  }

  read(): RuleTextResult {
    const head = this.text.slice(0, this.open);
    if (!this.text.trimEnd().endsWith(')') && !this.text.slice(this.open).includes(')'))
      return this.fail(
        this.text.length + 1,
        'the conditions are not closed with `)`',
        `${this.text.trimEnd()})`,
      );
    for (;;) {
      this.skipSpaces();
      this.conditionStart = this.pos;
      if (this.peek() === ')' && this.conditions.length === 0)
        return this.fail(
          this.pos + 1,
          'empty conditions: write at least one PARAM:PATTERN, or leave the parentheses out',
          `${head}(path:"**")`,
        );
      const condition = this.condition();
      if ('reason' in condition) return condition;
      if (this.conditions.some((c) => c.param === condition.param))
        return this.fail(
          this.conditionStart + 1,
          `\`${condition.param}\` is named twice; a rule names each parameter once (every condition must match)`,
        );
      this.conditions.push(condition);
      this.skipSpaces();
      const next = this.peek();
      if (next === ',') {
        this.pos++;
        continue;
      }
      if (next === ')') {
        const rest = this.text.slice(this.pos + 1);
        if (rest.trim() !== '')
          return this.fail(
            this.pos + 1 + rest.search(/\S/) + 1,
            'text after the closing `)`; a pattern that contains `)` is quoted',
            this.quotedFromHere(),
          );
        return { ok: true, head, conditions: this.conditions };
      }
      return this.fail(
        this.pos + 1,
        'expected `,` or `)` after the pattern',
        this.quotedFromHere(),
      );
    }
  }

  private condition(): ConditionText | Failure {
    const start = this.pos;
    while (this.pos < this.text.length && !':,)'.includes(this.text[this.pos])) this.pos++;
    const param = this.text.slice(start, this.pos).trim();
    if (this.peek() !== ':') {
      const why = this.conditions.length ? '; a `,` inside a pattern needs the pattern quoted' : '';
      const example = this.conditions.length
        ? this.quotedPrevious()
        : `${this.text.slice(0, this.open)}(path:"~/notes/**")`;
      return this.fail(start + 1, `expected PARAM:PATTERN, found \`${param}\`${why}`, example);
    }
    const pointer = pointerTokens(param);
    if (!param || !pointer)
      return this.fail(
        start + 1,
        `\`${param}\` is not a parameter name: write a name (letters, digits, _ . - $) or a JSON Pointer such as /options/recursive (~1 for /, ~0 for ~)`,
      );
    this.pos++; // the ':'
    const pattern = this.pattern(param);
    return 'reason' in pattern ? pattern : { param, pointer, pattern: pattern.text };
  }

  private pattern(param: string): { text: string } | Failure {
    const start = this.pos;
    const head = this.text.slice(0, this.open);
    if (this.peek() === ' ')
      return this.fail(
        start + 1,
        'a pattern that starts with a space is quoted',
        `${head}(${param}:"${this.text.slice(start).replace(/\)\s*$/, '')}")`,
      );
    if (this.peek() === '"') return this.quoted(param);
    while (this.pos < this.text.length && !',)'.includes(this.text[this.pos])) {
      if (this.text[this.pos] === '{')
        return this.fail(
          this.pos + 1,
          '`{a,b}` is written inside quotes',
          this.quotedFromHere(start, param),
        );
      if (this.text[this.pos] === '\\') this.pos++;
      this.pos++;
    }
    const text = this.text.slice(start, this.pos).trimEnd();
    if (text === '')
      return this.fail(
        start + 1,
        `\`${param}:\` has no pattern; write one, e.g. ${param}:"**" (any text) or ${param}:""`,
      );
    return { text };
  }

  private quoted(param: string): { text: string } | Failure {
    const start = this.pos;
    let out = '';
    this.pos++;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '"') {
        this.pos++;
        return { text: out };
      }
      if (c === '\\') {
        const next = this.text[this.pos + 1];
        // `\"` and `\\` are quoting escapes; before anything else the `\` stays a glob escape.
        out += next === '"' || next === '\\' ? next : `\\${next ?? ''}`;
        this.pos += 2;
        continue;
      }
      out += c;
      this.pos++;
    }
    const body = this.text.slice(start + 1).replace(/\)\s*$/, '');
    return this.fail(
      start + 1,
      'this quote is never closed',
      `${this.text.slice(0, this.open)}(${param}:${quotePattern(body)})`,
    );
  }

  /** The rule with the current condition's pattern quoted up to the last `)`. */
  private quotedFromHere(patternStart?: number, param?: string): string {
    const head = this.text.slice(0, this.open);
    const before = conditionText(this.conditions);
    const sep = before ? `${before}, ` : '';
    if (patternStart !== undefined && param !== undefined) {
      const body = this.text.slice(patternStart, this.text.lastIndexOf(')'));
      return `${head}(${sep}${param}:${quotePattern(body)})`;
    }
    const last = this.conditions.at(-1);
    if (!last) return `${head}(path:"**")`;
    const tail = this.text.slice(this.pos, this.text.lastIndexOf(')'));
    const earlier = conditionText(this.conditions.slice(0, -1));
    const fixed = { ...last, pattern: last.pattern + tail };
    return `${head}(${earlier ? `${earlier}, ` : ''}${last.param}:${quotePattern(fixed.pattern)})`;
  }

  /** The rule with the previous pattern swallowing the `,` and what follows it. */
  private quotedPrevious(): string {
    const head = this.text.slice(0, this.open);
    const last = this.conditions.at(-1)!;
    const tail = this.text.slice(this.conditionStart, this.text.lastIndexOf(')'));
    const earlier = conditionText(this.conditions.slice(0, -1));
    return `${head}(${earlier ? `${earlier}, ` : ''}${last.param}:${quotePattern(`${last.pattern},${tail}`)})`;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }

  private fail(column: number, reason: string, example?: string): Failure {
    return { ok: false, column, reason, ...(example ? { example } : {}) };
  }
}
