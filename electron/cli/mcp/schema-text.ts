// A tool's input schema in one line a person can read: `{ path: string, head?: number }`.

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function typeText(schema: unknown, depth: number): string {
  if (!isObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) return union.map((s) => typeText(s, depth)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array')
    return `${typeText(schema.items, depth)}[]`.replace(/^(.* \| .*)\[\]$/, '($1)[]');
  if (type === 'object' || isObject(schema.properties))
    return depth >= 2 ? 'object' : objectText(schema, depth + 1);
  return typeof type === 'string' ? type : 'any';
}

function objectText(schema: Schema, depth: number): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parts = Object.entries(properties).map(
    ([name, s]) => `${name}${required.has(name) ? '' : '?'}: ${typeText(s, depth)}`,
  );
  if (
    schema.additionalProperties !== undefined &&
    schema.additionalProperties !== false &&
    parts.length === 0
  )
    return 'object';
  return parts.length ? `{ ${parts.join(', ')} }` : '{}';
}

/** The schema's arguments, optional ones marked with `?`; `{}` for a tool without arguments. */
export function schemaSignature(schema: unknown): string {
  return isObject(schema) ? objectText(schema, 1) : '{}';
}
