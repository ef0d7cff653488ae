// Argument conditions of a rule, matched against the arguments the server will get (the object
// the gate's ticket sends, never a string rendering of it). A string pattern is a glob (`*`, `**`,
// `?`, `{a,b}`; `*` and `?` stop at `/`), an exact value for numbers and booleans; a settings
// rule object may also say `under` (a folder), `oneOf` (values) or `regex`. Path arguments
// compare as paths (arg-paths.ts). The result has three values: a relative path with no single
// root cannot be checked, which never lets an allow rule match and turns a deny into a question.
import {
  isPathParam,
  looksLikePath,
  normalisePath,
  normalisePathPattern,
  type PathContext,
} from './arg-paths';
import { globRegex } from './glob';
import { pointerTokens, type ConditionText } from './rule-syntax';

/** A condition as a settings rule object writes it: a pattern, a value, or one of the richer tests. */
export type ArgSpec =
  | string
  | number
  | boolean
  | null
  | {
      glob?: string;
      under?: string;
      oneOf?: Array<string | number | boolean | null>;
      regex?: string;
    };

export type Test =
  | { kind: 'pattern'; text: string }
  | { kind: 'under'; folder: string }
  | { kind: 'oneOf'; values: unknown[] }
  | { kind: 'regex'; re: RegExp };

export interface Condition {
  param: string;
  pointer: string[];
  test: Test;
}

export type Match = 'match' | 'no' | 'unknown';

/** From the rule text's `PARAM:PATTERN`. */
export const textCondition = (c: ConditionText): Condition => ({
  param: c.param,
  pointer: c.pointer,
  test: { kind: 'pattern', text: c.pattern },
});

/** From a settings rule object's `args` entry; a message when it is not a condition. */
export function specCondition(
  param: string,
  pointer: string[],
  spec: ArgSpec,
): Condition | { error: string } {
  if (Array.isArray(spec))
    return { error: `args.${param} is a list; write {"oneOf": [...]} for one of several values` };
  if (spec === null || typeof spec !== 'object')
    return { param, pointer, test: { kind: 'pattern', text: String(spec) } };
  const keys = Object.keys(spec);
  if (keys.length !== 1)
    return {
      error: `args.${param} should hold one of glob, under, oneOf or regex (found ${keys.join(', ') || 'nothing'}), e.g. {"under": "~/notes"}`,
    };
  if (typeof spec.glob === 'string')
    return { param, pointer, test: { kind: 'pattern', text: spec.glob } };
  if (typeof spec.under === 'string')
    return { param, pointer, test: { kind: 'under', folder: spec.under } };
  if (Array.isArray(spec.oneOf) && spec.oneOf.every((v) => v === null || typeof v !== 'object'))
    return { param, pointer, test: { kind: 'oneOf', values: spec.oneOf } };
  if (typeof spec.regex === 'string') {
    try {
      return { param, pointer, test: { kind: 'regex', re: new RegExp(spec.regex, 'u') } };
    } catch (error) {
      return {
        error: `args.${param}.regex is not a regular expression: ${(error as Error).message}`,
      };
    }
  }
  return { error: `args.${param}.${keys[0]} is not a condition: use glob, under, oneOf or regex` };
}

/** "path under ~/notes" for a condition written as an object; the text form for a pattern. */
export function describeCondition(c: Condition): string {
  switch (c.test.kind) {
    case 'pattern':
      return `${c.param}:${c.test.text}`;
    case 'under':
      return `${c.param} under ${c.test.folder}`;
    case 'oneOf':
      return `${c.param} one of ${JSON.stringify(c.test.values)}`;
    case 'regex':
      return `${c.param} ~ /${c.test.re.source}/`;
  }
}

/** What matching needs besides the arguments: the tool's input schema and the path context. */
export interface ArgScope {
  args: unknown;
  schema: unknown;
  paths: PathContext;
}

/**
 * Every condition against the call. `all` (allow): every value of an array and every form of a
 * path must match; `any` (deny, ask): one is enough.
 */
export function matchConditions(
  conditions: readonly Condition[],
  scope: ArgScope,
  mode: 'all' | 'any',
): Match {
  let unknown = false;
  for (const condition of conditions) {
    const m = matchOne(condition, scope, mode);
    if (m === 'no') return 'no';
    if (m === 'unknown') unknown = true;
  }
  return unknown ? 'unknown' : 'match';
}

function matchOne(condition: Condition, scope: ArgScope, mode: 'all' | 'any'): Match {
  const value = at(scope.args, condition.pointer);
  if (value === undefined) return 'no';
  const name = condition.pointer.at(-1) ?? '';
  const byName = isPathParam(name, schemaAt(scope.schema, condition.pointer));
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return 'no';
  const results: Match[] = items.map((item) => {
    if (typeof item === 'string' && (byName || looksLikeArgPath(item))) {
      const forms = normalisePath(item, scope.paths);
      if (forms === null) return 'unknown';
      const hits = forms.map((form): Match =>
        testPath(condition.test, form, scope.paths) ? 'match' : 'no',
      );
      return combine(hits, mode);
    }
    return testValue(condition.test, item) ? 'match' : 'no';
  });
  return combine(results, mode);
}

function combine(results: Match[], mode: 'all' | 'any'): Match {
  if (mode === 'any') {
    if (results.includes('match')) return 'match';
    return results.includes('unknown') ? 'unknown' : 'no';
  }
  if (results.includes('no')) return 'no';
  return results.includes('unknown') ? 'unknown' : 'match';
}

function testPath(test: Test, path: string, context: PathContext): boolean {
  const { platform, roots } = context;
  const absolute = (text: string) => {
    const fromRoot = !looksLikePath(text) && roots.length === 1 && !text.startsWith('*');
    return normalisePathPattern(fromRoot ? `${roots[0]}/${text}` : text, platform);
  };
  switch (test.kind) {
    case 'pattern':
      return globRegex(absolute(test.text)).test(path);
    case 'under': {
      const folder = absolute(test.folder).replace(/\/+$/, '');
      return path === folder || path.startsWith(`${folder}/`);
    }
    default:
      return testValue(test, path);
  }
}

function testValue(test: Test, value: unknown): boolean {
  switch (test.kind) {
    case 'pattern':
      if (typeof value === 'string') return globRegex(test.text).test(value);
      if (typeof value === 'number') return test.text.trim() !== '' && Number(test.text) === value;
      if (typeof value === 'boolean' || value === null) return test.text === String(value);
      return false;
    case 'under':
      return false;
    case 'oneOf':
      return test.values.some((v) => v === value);
    case 'regex':
      return typeof value === 'string' && test.re.test(value);
  }
}

/**
 * The path arguments of a call that no condition covers (JSON Pointers): a rule on `path` does not
 * allow a call that also carries `destination` or an extra property holding a path.
 */
export function uncoveredPaths(conditions: readonly Condition[], scope: ArgScope): string[] {
  const covered = (pointer: string[]) =>
    conditions.some((c) => c.pointer.every((token, i) => pointer[i] === token));
  const found: string[] = [];
  const walk = (value: unknown, pointer: string[], schema: unknown) => {
    if (covered(pointer) && pointer.length > 0) return;
    const name = pointer.at(-1) ?? '';
    if (typeof value === 'string') {
      if (isPathParam(name, schema) || looksLikeArgPath(value)) found.push(`/${pointer.join('/')}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...pointer, String(i)], itemsOf(schema)));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value))
        walk(inner, [...pointer, key], propertyOf(schema, key));
    }
  };
  walk(scope.args, [], scope.schema);
  return found;
}

// Text with a line break is content, not a path, whatever its first character.
const looksLikeArgPath = (value: string) => !value.includes('\n') && looksLikePath(value);

function at(value: unknown, pointer: readonly string[]): unknown {
  let current = value;
  for (const token of pointer) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

const propertyOf = (schema: unknown, key: string): unknown => {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props && Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
};
const itemsOf = (schema: unknown): unknown => (schema as { items?: unknown } | undefined)?.items;

function schemaAt(schema: unknown, pointer: readonly string[]): unknown {
  let current = schema;
  for (const token of pointer)
    current =
      /^\d+$/.test(token) && itemsOf(current) ? itemsOf(current) : propertyOf(current, token);
  return Array.isArray(current) ? undefined : current;
}

/** A settings rule object's `args` (`{"path": {"under": "~/notes"}}`) as conditions; `text` names the rule. */
export function argsConditions(text: string, args: unknown): Condition[] | { message: string } {
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return {
      message: `"${text}": "args" should be an object of conditions, e.g. {"path": {"under": "~/notes"}}.`,
    };
  const conditions: Condition[] = [];
  for (const [param, spec] of Object.entries(args)) {
    const pointer = pointerTokens(param);
    if (!pointer)
      return {
        message: `"${text}": args key "${param}" is not a parameter name or a JSON Pointer (such as /options/recursive).`,
      };
    const condition = specCondition(param, pointer, spec as ArgSpec);
    if ('error' in condition) return { message: `"${text}": ${condition.error}.` };
    conditions.push(condition);
  }
  if (conditions.length === 0)
    return { message: `"${text}": "args" is empty; leave it out to cover every call of the tool.` };
  return conditions;
}
