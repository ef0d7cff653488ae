// A tool's input schema as a form (issue 16, "run a tool by hand"): each property becomes a field
// of its type (text, number, checkbox, select for an enum), objects and arrays become nested
// groups, and what a form cannot express well (oneOf, anyOf, allOf, $ref, several types, an
// object without properties) falls back to a JSON box. The values turn into the call's arguments,
// with every problem reported at its field's path. Pure code: the component and the tests share it.

export type Schema = Record<string, unknown>;

interface Base {
  /** The property name ("" for the root). */
  key: string;
  label: string;
  description?: string;
  required: boolean;
}

export type FieldNode =
  | (Base & {
      kind: 'string';
      format?: string;
      minLength?: number;
      maxLength?: number;
      pattern?: string;
      default?: string;
    })
  | (Base & {
      kind: 'number';
      integer: boolean;
      minimum?: number;
      maximum?: number;
      default?: number;
    })
  | (Base & { kind: 'boolean'; default?: boolean })
  | (Base & { kind: 'enum'; options: unknown[]; default?: unknown })
  | (Base & { kind: 'object'; fields: FieldNode[] })
  | (Base & { kind: 'array'; item: FieldNode; minItems?: number; maxItems?: number })
  | (Base & { kind: 'json'; why: string; default?: unknown });

/**
 * What the form holds: text for text, numbers (as typed) and JSON boxes; a boolean or "" (not set)
 * for a checkbox; the option's index as text for an enum ("" not set); nested for objects and arrays.
 */
export type FormValue = string | boolean | FormValue[] | { [key: string]: FormValue };

const COMPLEX = ['oneOf', 'anyOf', 'allOf', '$ref', 'not', 'if'] as const;
const MAX_DEPTH = 6;

const isObject = (v: unknown): v is Schema =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The form for a tool's whole input schema (an object at the root). */
export function formOf(inputSchema: unknown): FieldNode {
  const root = nodeOf('', isObject(inputSchema) ? inputSchema : { type: 'object' }, true, 0);
  // A root that is not a plain object with properties is edited as JSON as a whole.
  return root.kind === 'object'
    ? root
    : {
        key: '',
        label: 'Arguments',
        required: true,
        kind: 'json',
        why: 'the input schema is not a plain object',
      };
}

// Long: one branch per JSON Schema type, each building its node from the same base.
function nodeOf(key: string, schema: Schema, required: boolean, depth: number): FieldNode {
  const base: Base = {
    key,
    label: str(schema.title) ?? key,
    required,
    ...(str(schema.description) ? { description: str(schema.description) } : {}),
  };
  const complex = COMPLEX.find((k) => schema[k] !== undefined);
  const json = (why: string): FieldNode => ({
    ...base,
    kind: 'json',
    why,
    ...(schema.default !== undefined ? { default: schema.default } : {}),
  });
  if (complex) return json(`its schema uses ${complex}`);
  if (depth > MAX_DEPTH) return json('it is nested deeply');
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return {
      ...base,
      kind: 'enum',
      options: schema.enum,
      ...(schema.default !== undefined ? { default: schema.default } : {}),
    };
  if (schema.const !== undefined)
    return { ...base, kind: 'enum', options: [schema.const], default: schema.const };
  let type = schema.type;
  // ["string", "null"]: a nullable value is entered as its type; left empty, it is omitted.
  if (Array.isArray(type)) {
    const kinds = type.filter((t) => t !== 'null');
    if (kinds.length !== 1) return json('it accepts several types');
    type = kinds[0];
  }
  if (type === undefined && isObject(schema.properties)) type = 'object';
  switch (type) {
    case 'string':
      return {
        ...base,
        kind: 'string',
        format: str(schema.format),
        minLength: num(schema.minLength),
        maxLength: num(schema.maxLength),
        pattern: str(schema.pattern),
        default: str(schema.default),
      };
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: type === 'integer',
        minimum: num(schema.minimum),
        maximum: num(schema.maximum),
        default: num(schema.default),
      };
    case 'boolean':
      return {
        ...base,
        kind: 'boolean',
        ...(typeof schema.default === 'boolean' ? { default: schema.default } : {}),
      };
    case 'object': {
      const props = isObject(schema.properties) ? schema.properties : {};
      if (Object.keys(props).length === 0) return json('it takes any object');
      const req = new Set(
        Array.isArray(schema.required)
          ? schema.required.filter((r): r is string => typeof r === 'string')
          : [],
      );
      return {
        ...base,
        kind: 'object',
        fields: Object.entries(props).map(([k, s]) =>
          nodeOf(k, isObject(s) ? s : {}, req.has(k), depth + 1),
        ),
      };
    }
    case 'array':
      if (!isObject(schema.items)) return json('its items have no single schema');
      return {
        ...base,
        kind: 'array',
        item: nodeOf('', schema.items, true, depth + 1),
        minItems: num(schema.minItems),
        maxItems: num(schema.maxItems),
      };
    default:
      return json(type === undefined ? 'its schema gives no type' : `its type is ${String(type)}`);
  }
}

/** The form's starting values: defaults where the schema has them, required arrays with their minimum items. */
export function initialValue(node: FieldNode): FormValue {
  switch (node.kind) {
    case 'string':
      return node.default ?? '';
    case 'number':
      return node.default !== undefined ? String(node.default) : '';
    case 'boolean':
      return node.default ?? (node.required ? false : '');
    case 'enum': {
      const i = node.options.findIndex((o) => JSON.stringify(o) === JSON.stringify(node.default));
      return i >= 0 ? String(i) : '';
    }
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.key, initialValue(f)]));
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => initialValue(node.item));
    case 'json':
      return node.default !== undefined ? JSON.stringify(node.default, null, 2) : '';
  }
}

/** A blank item for an array's "Add item". */
export const newItem = (node: FieldNode & { kind: 'array' }): FormValue => initialValue(node.item);

/** Problems by field path ("customer.name", "items.0.quantity"; "" for the whole form). */
export type FormErrors = Record<string, string>;

export const pathOf = (parent: string, key: string | number): string =>
  parent === '' ? String(key) : `${parent}.${key}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The arguments the form's values stand for, or the problems that keep it from running. An empty
 * optional field is left out (not sent as "" or 0); an empty required one is a problem.
 */
export function toArguments(
  node: FieldNode,
  value: FormValue,
): { args: Record<string, unknown>; errors: FormErrors } {
  const errors: FormErrors = {};
  const out = build(node, value, '', errors);
  const args = out.present && isObject(out.value) ? out.value : {};
  if (out.present && !isObject(out.value) && !errors[''])
    errors[''] = 'The arguments must be a JSON object.';
  return { args, errors };
}

type Built = { present: true; value: unknown } | { present: false };
const ABSENT: Built = { present: false };

function build(node: FieldNode, value: FormValue, path: string, errors: FormErrors): Built {
  const fail = (message: string): Built => ((errors[path] = message), ABSENT);
  const missing = (): Built => (node.required ? fail('Required.') : ABSENT);
  switch (node.kind) {
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      if (text === '') return missing();
      if (node.minLength !== undefined && text.length < node.minLength)
        return fail(`At least ${node.minLength} characters.`);
      if (node.maxLength !== undefined && text.length > node.maxLength)
        return fail(`At most ${node.maxLength} characters.`);
      if (node.format === 'email' && !EMAIL.test(text))
        return fail('An email address, like name@example.com.');
      if (node.pattern !== undefined && !safeTest(node.pattern, text))
        return fail(`Must match the pattern ${node.pattern}.`);
      return { present: true, value: text };
    }
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return missing();
      const n = Number(text);
      if (!Number.isFinite(n)) return fail('A number.');
      if (node.integer && !Number.isInteger(n)) return fail('A whole number.');
      if (node.minimum !== undefined && n < node.minimum) return fail(`At least ${node.minimum}.`);
      if (node.maximum !== undefined && n > node.maximum) return fail(`At most ${node.maximum}.`);
      return { present: true, value: n };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { present: true, value } : missing();
    case 'enum': {
      const i = typeof value === 'string' && value !== '' ? Number(value) : -1;
      return i >= 0 && i < node.options.length
        ? { present: true, value: node.options[i] }
        : missing();
    }
    case 'object': {
      const values = isObject(value) ? (value as Record<string, FormValue>) : {};
      const obj: Record<string, unknown> = {};
      for (const f of node.fields) {
        const b = build(f, values[f.key] ?? initialValue(f), pathOf(path, f.key), errors);
        if (b.present) obj[f.key] = b.value;
      }
      // An optional object left wholly empty is omitted; a required one is sent, even empty.
      if (!node.required && Object.keys(obj).length === 0) return ABSENT;
      return { present: true, value: obj };
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      if (items.length === 0 && !node.required) return ABSENT;
      if (node.minItems !== undefined && items.length < node.minItems)
        return fail(`At least ${node.minItems} item${node.minItems === 1 ? '' : 's'}.`);
      if (node.maxItems !== undefined && items.length > node.maxItems)
        return fail(`At most ${node.maxItems} items.`);
      const list = items.map((v, i) => build(node.item, v, pathOf(path, i), errors));
      return { present: true, value: list.map((b) => (b.present ? b.value : null)) };
    }
    case 'json': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return missing();
      try {
        return { present: true, value: JSON.parse(text) };
      } catch (e) {
        return fail(`Not valid JSON: ${(e as Error).message}`);
      }
    }
  }
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return true; // a pattern this engine cannot read is left to the server's own check
  }
}

/** An enum option as the select shows it. */
export const optionLabel = (o: unknown): string => (typeof o === 'string' ? o : JSON.stringify(o));
