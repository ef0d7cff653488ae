// A server's elicitation form (MCP 2025-11-25, form mode) as fields Lena can show, with the
// defaults applied (SEP-1034) and the answer validated before it is sent. Pure code shared by core
// (which validates what it returns to the server) and the window (which shows the form and checks
// it as the user types), so both agree on what a valid answer is.

export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

interface FieldBase {
  key: string;
  /** The field's title, or its key when it has none. */
  label: string;
  description?: string;
  required: boolean;
  /** Its name or wording looks like a password, token or key: the form warns. */
  sensitive: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
}

export type FormField =
  | (FieldBase & {
      kind: 'text';
      format?: TextFormat;
      minLength?: number;
      maxLength?: number;
      default?: string;
    })
  | (FieldBase & {
      kind: 'number';
      integer: boolean;
      minimum?: number;
      maximum?: number;
      default?: number;
    })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: SelectOption[]; default?: string })
  | (FieldBase & {
      kind: 'multi-select';
      options: SelectOption[];
      minItems?: number;
      maxItems?: number;
      default?: string[];
    });

export type FormValues = Record<string, string | number | boolean | string[] | undefined>;

// A field's key or title: any of these. Its description: only the unambiguous ones (a description
// saying "do not give us your PIN" is not asking for one).
const SENSITIVE_NAME =
  /pass(word|phrase|code)?|secret|token|api[\s_-]?key|private[\s_-]?key|credential|\bpin\b|\botp\b|one[\s_-]?time|\bcvv\b|\bssn\b|social security/i;
const SENSITIVE_TEXT =
  /password|passphrase|secret|api[\s_-]?key|access[\s_-]?token|auth(entication)?[\s_-]?token|private[\s_-]?key|credential/i;

/** Whether a field's key, title or description suggests a secret (servers must not ask for one). */
export function looksSensitive(key: string, title?: string, description?: string): boolean {
  return (
    SENSITIVE_NAME.test(key) ||
    (title !== undefined && SENSITIVE_NAME.test(title)) ||
    (description !== undefined && SENSITIVE_TEXT.test(description))
  );
}

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const FORMATS = new Set<TextFormat>(['email', 'uri', 'date', 'date-time']);

function options(list: unknown, names?: unknown): SelectOption[] | string {
  if (!Array.isArray(list) || list.length === 0) return 'its list of choices is empty';
  const out: SelectOption[] = [];
  for (const [i, item] of list.entries()) {
    if (typeof item === 'string')
      out.push({
        value: item,
        label: Array.isArray(names) && typeof names[i] === 'string' ? names[i] : item,
      });
    else if (isObj(item) && typeof item.const === 'string')
      out.push({ value: item.const, label: str(item.title) ?? item.const });
    else return 'a choice is not a string';
  }
  return out;
}

/** One property of requestedSchema as a field, or why Lena cannot show it. */
function field(key: string, p: unknown, required: boolean): FormField | string {
  if (!isObj(p)) return 'its definition is not an object';
  const label = str(p.title) ?? key;
  const base: FieldBase = {
    key,
    label,
    required,
    sensitive: looksSensitive(key, str(p.title), str(p.description)),
  };
  if (str(p.description)) base.description = str(p.description);
  if (p.type === 'string' && (Array.isArray(p.enum) || Array.isArray(p.oneOf))) {
    const opts = options(p.enum ?? p.oneOf, p.enumNames);
    if (typeof opts === 'string') return opts;
    const def = str(p.default);
    return {
      ...base,
      kind: 'select',
      options: opts,
      ...(def !== undefined && opts.some((o) => o.value === def) ? { default: def } : {}),
    };
  }
  if (p.type === 'array') {
    const items = isObj(p.items) ? p.items : {};
    const opts = options(items.enum ?? items.anyOf ?? items.oneOf);
    if (typeof opts === 'string') return `it is a list, and ${opts}`;
    const def = Array.isArray(p.default)
      ? p.default.filter(
          (v): v is string => typeof v === 'string' && opts.some((o) => o.value === v),
        )
      : undefined;
    return {
      ...base,
      kind: 'multi-select',
      options: opts,
      minItems: num(p.minItems),
      maxItems: num(p.maxItems),
      ...(def ? { default: def } : {}),
    };
  }
  if (p.type === 'string') {
    const format = str(p.format);
    if (format !== undefined && !FORMATS.has(format as TextFormat))
      base.sensitive ||= format === 'password';
    const def = str(p.default);
    return {
      ...base,
      kind: 'text',
      ...(format && FORMATS.has(format as TextFormat) ? { format: format as TextFormat } : {}),
      minLength: num(p.minLength),
      maxLength: num(p.maxLength),
      ...(def !== undefined ? { default: def } : {}),
    };
  }
  if (p.type === 'number' || p.type === 'integer') {
    const def = num(p.default);
    return {
      ...base,
      kind: 'number',
      integer: p.type === 'integer',
      minimum: num(p.minimum),
      maximum: num(p.maximum),
      ...(def !== undefined ? { default: def } : {}),
    };
  }
  if (p.type === 'boolean')
    return {
      ...base,
      kind: 'boolean',
      ...(typeof p.default === 'boolean' ? { default: p.default } : {}),
    };
  return `its type ${JSON.stringify(p.type)} is not one a form can hold (string, number, integer, boolean, or a list of choices)`;
}

/** requestedSchema as fields, or a message saying which field Lena cannot show and why. */
export function parseRequestedSchema(
  schema: unknown,
): { ok: true; fields: FormField[] } | { ok: false; message: string } {
  if (!isObj(schema) || schema.type !== 'object' || !isObj(schema.properties)) {
    return { ok: false, message: 'requestedSchema must be an object schema with "properties"' };
  }
  const required = new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((k): k is string => typeof k === 'string')
      : [],
  );
  const fields: FormField[] = [];
  for (const [key, p] of Object.entries(schema.properties)) {
    const f = field(key, p, required.has(key));
    if (typeof f === 'string')
      return { ok: false, message: `field "${key}" cannot be shown: ${f}` };
    fields.push(f);
  }
  return { ok: true, fields };
}

/** The form as it first appears: every default filled in (SEP-1034). */
export function initialValues(fields: readonly FormField[]): FormValues {
  const out: FormValues = {};
  for (const f of fields)
    if (f.default !== undefined) out[f.key] = Array.isArray(f.default) ? [...f.default] : f.default;
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function validDate(v: string): boolean {
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10);
}

function formatProblem(format: TextFormat, v: string): string | null {
  if (format === 'email') return EMAIL.test(v) ? null : 'enter an email address (name@example.com)';
  if (format === 'uri') {
    try {
      new URL(v);
      return null;
    } catch {
      return 'enter a full address with its scheme (https://…)';
    }
  }
  if (format === 'date') return DATE.test(v) && validDate(v) ? null : 'enter a date as YYYY-MM-DD';
  return DATE_TIME.test(v) && validDate(v) && !Number.isNaN(Date.parse(v))
    ? null
    : 'enter a date and time as YYYY-MM-DDTHH:MM with a time zone (Z or +02:00)';
}

function problem(f: FormField, v: unknown): string | null {
  switch (f.kind) {
    case 'text':
      if (typeof v !== 'string') return 'must be text';
      if (f.minLength !== undefined && v.length < f.minLength)
        return `needs at least ${f.minLength} characters`;
      if (f.maxLength !== undefined && v.length > f.maxLength)
        return `takes at most ${f.maxLength} characters`;
      return f.format ? formatProblem(f.format, v) : null;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
      if (f.integer && !Number.isInteger(v)) return 'must be a whole number';
      if (f.minimum !== undefined && v < f.minimum) return `must be at least ${f.minimum}`;
      if (f.maximum !== undefined && v > f.maximum) return `must be at most ${f.maximum}`;
      return null;
    case 'boolean':
      return typeof v === 'boolean' ? null : 'must be yes or no';
    case 'select':
      return typeof v === 'string' && f.options.some((o) => o.value === v)
        ? null
        : 'choose one of the listed options';
    case 'multi-select':
      if (
        !Array.isArray(v) ||
        v.some((x) => typeof x !== 'string' || !f.options.some((o) => o.value === x))
      )
        return 'choose from the listed options';
      if (f.minItems !== undefined && v.length < f.minItems) return `choose at least ${f.minItems}`;
      if (f.maxItems !== undefined && v.length > f.maxItems) return `choose at most ${f.maxItems}`;
      return null;
  }
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The content to send for an accepted form: fields left empty take their default (SEP-1034), empty
 * optional fields are left out, and every value is checked. Errors are keyed by field.
 */
export function validateForm(
  fields: readonly FormField[],
  values: FormValues,
): { ok: true; content: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const content: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = empty(values[f.key]) ? f.default : values[f.key];
    if (
      empty(v) ||
      (f.kind === 'multi-select' && Array.isArray(v) && v.length === 0 && f.required)
    ) {
      if (f.required) errors[f.key] = 'is required';
      continue;
    }
    const p = problem(f, v);
    if (p) errors[f.key] = p;
    else content[f.key] = v;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}
