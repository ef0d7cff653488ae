// Checks a tool call's arguments against the tool's `inputSchema` once the permission gate has
// allowed the call, so the model gets a precise, fixable error instead of a server round trip.
// The check runs in the schema checker's worker under a deadline (see schema-check.ts): a
// server's schema must never be able to stall Lena, and a check that cannot finish is reported
// as not done, never as a failure of the call.
import type { JsonSchemaObject } from '../../../../shared/mcp-types';
import {
  INPUT_DEADLINE_MS,
  schemaChecker,
  type Dialect,
  type SchemaChecker,
  type SchemaError,
} from './schema-check';
import { normalizeInputSchema } from './schemas';

export type ArgumentCheck =
  | {
      ok: true;
      /** Why the arguments could not be validated (shown as "could not validate"); absent when they were. */ skipped?: string;
    }
  | { ok: false; message: string };

const MAX_REPORTED_ERRORS = 8;

/** The dialect named by `$schema`; 2020-12 (MCP's default) when absent or unknown. */
export function schemaDialect(schema: unknown): Dialect {
  const declared = (schema as { $schema?: unknown } | null)?.$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[4-7]/.test(declared)) return 'draft-07';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** The schema as Ajv compiles it: `$schema` dropped, so Ajv does not look for a meta-schema it lacks (draft-04). */
export function compilableSchema(schema: object): object {
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function describeError(error: SchemaError): string {
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
export function formatValidationErrors(toolName: string, errors: readonly SchemaError[]): string {
  const lines = [...new Set(errors.map(describeError))];
  const shown = lines.slice(0, MAX_REPORTED_ERRORS);
  const more = lines.length > shown.length ? `; and ${lines.length - shown.length} more` : '';
  return `Invalid arguments for ${toolName}: ${shown.join('; ')}${more}. Fix the arguments to match the tool's input schema and call it again.`;
}

/** Validates arguments; one instance per registry, preparing each schema object once. */
export class ArgumentValidator {
  private readonly prepared = new WeakMap<object, { schema: object; dialect: Dialect }>();

  constructor(private readonly checker: SchemaChecker = schemaChecker()) {}

  async check(
    toolName: string,
    schema: JsonSchemaObject | undefined,
    args: unknown,
  ): Promise<ArgumentCheck> {
    const source = schema ?? EMPTY_SCHEMA;
    let prepared = this.prepared.get(source);
    if (!prepared)
      this.prepared.set(
        source,
        (prepared = {
          schema: compilableSchema(normalizeInputSchema(source)),
          dialect: schemaDialect(source),
        }),
      );
    const result = await this.checker.check(prepared.schema, args ?? {}, {
      dialect: prepared.dialect,
      deadlineMs: INPUT_DEADLINE_MS,
      strictSchema: true,
    });
    switch (result.status) {
      case 'valid':
        return { ok: true };
      case 'invalid':
        return { ok: false, message: formatValidationErrors(toolName, result.errors) };
      case 'unusable':
        // The server validates anyway; an odd schema must not make the tool unusable.
        return { ok: true, skipped: `the input schema could not be compiled: ${result.reason}` };
      case 'inconclusive':
        return { ok: true, skipped: result.reason };
    }
  }
}

const EMPTY_SCHEMA: JsonSchemaObject = { type: 'object' };
