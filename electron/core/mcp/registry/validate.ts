// Checks a tool call's arguments against the tool's `inputSchema` before it is sent, so the model
// gets a precise, fixable error instead of a server round trip. Ajv is loaded on first use (it is
// large and many sessions never call a tool); each schema is compiled once.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchemaObject } from '../../../../shared/mcp-types';
import { normalizeInputSchema } from './schemas';

export type ArgumentCheck =
  | { ok: true; /** Why no check ran (the schema could not be compiled); absent when it ran. */ skipped?: string }
  | { ok: false; message: string };

type Dialect = '2020-12' | '2019-09' | 'draft-07';
interface AjvLike {
  compile(schema: object): ValidateFunction;
}
type AjvConstructor = new (options: object) => AjvLike;

/**
 * True for a pattern with a quantified group that itself contains a quantifier, such as `(a+)+`
 * or `(\w+\s?)*`: the shape that makes backtracking regular expressions take exponential time.
 */
export function hasNestedQuantifier(source: string): boolean {
  const groups: boolean[] = []; // per open group: does it contain a quantifier?
  let inClass = false;
  const markQuantified = (): void => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const inner = groups.pop() ?? false;
      const next = source[i + 1];
      if (inner && (next === '+' || next === '*' || next === '{')) return true;
      if (inner) markQuantified();
    } else if (c === '+' || c === '*' || c === '{') markQuantified();
  }
  return false;
}

/**
 * Builds the RegExps for `pattern` keywords. A server's schema runs in Lena's main process against
 * the model's arguments, so a pattern that could backtrack for minutes is not checked here (the
 * server still validates); every other pattern is an ordinary RegExp.
 */
const guardedRegExp = Object.assign(
  (pattern: string, flags: string): { test(s: string): boolean; toString(): string } => {
    if (!hasNestedQuantifier(pattern)) return new RegExp(pattern, flags);
    return { test: () => true, toString: () => `unchecked:${pattern}` };
  },
  { code: 'guardedRegExp' },
);

// addUsedSchema off: two servers may reuse one `$id`, which Ajv would otherwise refuse to compile twice.
const AJV_OPTIONS = {
  strict: false,
  allErrors: true,
  validateFormats: false,
  logger: false,
  addUsedSchema: false,
  code: { regExp: guardedRegExp },
};
const MAX_REPORTED_ERRORS = 8;

/** The dialect named by `$schema`; 2020-12 (MCP's default) when absent or unknown. */
export function schemaDialect(schema: unknown): Dialect {
  const declared = (schema as { $schema?: unknown } | null)?.$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[4-7]/.test(declared)) return 'draft-07';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** CommonJS default export through either interop style. */
function constructorOf(mod: { default: unknown }): AjvConstructor {
  const value = mod.default as AjvConstructor & { default?: AjvConstructor };
  return value.default ?? value;
}

async function loadAjv(dialect: Dialect): Promise<AjvConstructor> {
  if (dialect === 'draft-07') return constructorOf(await import('ajv'));
  if (dialect === '2019-09') return constructorOf(await import('ajv/dist/2019.js'));
  return constructorOf(await import('ajv/dist/2020.js'));
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'arguments' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${where} must have required property '${String(params.missingProperty)}'`;
    case 'additionalProperties':
      return `${where} must not have the unknown property '${String(params.additionalProperty)}'`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${where} ${error.message ?? `fails "${error.keyword}"`}`;
  }
}

/** The model-facing message for failed validation. */
export function formatValidationErrors(toolName: string, errors: readonly ErrorObject[]): string {
  const lines = [...new Set(errors.map(describeError))];
  const shown = lines.slice(0, MAX_REPORTED_ERRORS);
  const more = lines.length > shown.length ? `; and ${lines.length - shown.length} more` : '';
  return `Invalid arguments for ${toolName}: ${shown.join('; ')}${more}. Fix the arguments to match the tool's input schema and call it again.`;
}

/** Validates arguments; one instance per registry, caching a compiled validator per schema object. */
export class ArgumentValidator {
  private readonly ajv = new Map<Dialect, Promise<AjvLike>>();
  private readonly compiled = new WeakMap<object, ValidateFunction | string>();

  async check(toolName: string, schema: JsonSchemaObject | undefined, args: unknown): Promise<ArgumentCheck> {
    const validate = schema ? await this.compile(schema) : await this.compile(EMPTY_SCHEMA);
    if (typeof validate === 'string') return { ok: true, skipped: validate };
    if (validate(args ?? {})) return { ok: true };
    return { ok: false, message: formatValidationErrors(toolName, validate.errors ?? []) };
  }

  private async compile(schema: object): Promise<ValidateFunction | string> {
    const cached = this.compiled.get(schema);
    if (cached !== undefined) return cached;
    const dialect = schemaDialect(schema);
    let instance = this.ajv.get(dialect);
    if (!instance) {
      instance = loadAjv(dialect).then((Ajv) => new Ajv(AJV_OPTIONS));
      this.ajv.set(dialect, instance);
    }
    // `$schema` is dropped so that Ajv does not look for a meta-schema it lacks (draft-04).
    const { $schema: _ignored, ...rest } = normalizeInputSchema(schema);
    let result: ValidateFunction | string;
    try {
      result = (await instance).compile(rest);
    } catch (error) {
      // The server validates anyway; an odd schema must not make the tool unusable.
      result = `the input schema could not be compiled: ${(error as Error).message}`;
    }
    this.compiled.set(schema, result);
    return result;
  }
}

const EMPTY_SCHEMA: JsonSchemaObject = { type: 'object' };
