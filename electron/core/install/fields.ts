// The inputs of a server.json that the user fills in: every argument, environment variable,
// header or URL variable without a fixed `value` becomes one field of the install form (and a
// flag or a question in the terminal). Values with `{name}` placeholders are filled from their
// `variables`; the variables without a fixed value are fields too.
import type { FieldTarget, FieldValues, InstallField } from '../../../shared/install-types';
import type { RegistryInput, RegistryInputWithVariables } from './server-json';

export type { FieldTarget, FieldValues, InstallField };

/** A field's value as text; a secret becomes a `${secret:NAME}` reference, kept apart. */
export interface ValueSink {
  secret(field: InstallField, value: string): string;
}

const FORMATS = new Set(['string', 'number', 'boolean', 'filepath']);

export function fieldOf(
  key: string,
  target: FieldTarget,
  name: string,
  input: RegistryInput,
  repeated = false,
): InstallField {
  const format = FORMATS.has(input.format ?? '')
    ? (input.format as InstallField['format'])
    : 'string';
  return {
    key,
    target,
    name,
    ...(input.description ? { description: input.description } : {}),
    required: input.isRequired === true,
    secret: input.isSecret === true,
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
    ...(input.choices?.length ? { choices: input.choices } : {}),
    format,
    repeated,
  };
}

/** The `{name}` placeholders of a template, in order, once each. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1]))];
}

/**
 * The fields one input needs: none when its value is fixed and has no open variables, its
 * variables when its fixed value has placeholders, else the input itself.
 */
export function fieldsOfInput(
  key: string,
  target: FieldTarget,
  name: string,
  input: RegistryInputWithVariables,
  repeated = false,
): InstallField[] {
  if (input.value === undefined) return [fieldOf(key, target, name, input, repeated)];
  return placeholders(input.value)
    .filter((v) => input.variables?.[v] && input.variables[v].value === undefined)
    .map((v) => fieldOf(`var:${v}`, 'variable', v, input.variables![v]));
}

/** The values given for a field (the default when none), as a list. */
export function valuesOf(field: InstallField, values: FieldValues): string[] {
  const given = values[field.key];
  const list = (Array.isArray(given) ? given : given === undefined ? [] : [given]).filter(
    (v) => v !== '',
  );
  if (list.length) return field.repeated ? list : [list[0]];
  return field.default !== undefined ? [field.default] : [];
}

/**
 * An input's value(s) as they go into the entry: its fixed value with variables filled, or what
 * the user gave; [] when nothing was given (the caller decides whether that is missing).
 */
export function resolveInput(
  key: string,
  target: FieldTarget,
  name: string,
  input: RegistryInputWithVariables,
  values: FieldValues,
  sink: ValueSink,
  repeated = false,
): string[] {
  if (input.value !== undefined) {
    let text = input.value;
    for (const v of placeholders(input.value)) {
      const variable = input.variables?.[v];
      if (!variable) continue; // an unknown placeholder stays as written (schema)
      const field = fieldOf(`var:${v}`, 'variable', v, variable);
      const fill = variable.value ?? valuesOf(field, values)[0];
      if (fill === undefined) continue;
      const filled = field.secret && variable.value === undefined ? sink.secret(field, fill) : fill;
      text = text.split(`{${v}}`).join(filled);
    }
    return [text];
  }
  const field = fieldOf(key, target, name, input, repeated);
  return valuesOf(field, values).map((v) => (field.secret ? sink.secret(field, v) : v));
}
