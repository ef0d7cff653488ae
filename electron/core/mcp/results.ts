// Tool results: checks structuredContent against the tool's outputSchema. The schema comes from
// the server, so the check runs in the schema checker's worker under a deadline (a slow `pattern`
// must not stall Lena); a check that cannot finish says so instead of passing or failing the result.
import type { CallToolResult, JsonSchemaObject, Tool } from '../../../shared/mcp-types';
import { OUTPUT_DEADLINE_MS, schemaChecker, type SchemaError } from './registry/schema-check';
import { compilableSchema, schemaDialect } from './registry/validate';

export interface OutputCheck {
  /** Why the result does not match the outputSchema. */
  error?: string;
  /** Why the result could not be checked (the deadline, an over-long string): "could not validate". */
  unchecked?: string;
}

const prepared = new WeakMap<JsonSchemaObject, object>();

/** Ajv's errorsText, for errors that crossed from the worker as plain data. */
const errorsText = (errors: readonly SchemaError[]): string =>
  errors
    .map((e) => `structuredContent${e.instancePath} ${e.message ?? `fails "${e.keyword}"`}`)
    .join(', ');

/**
 * Whether `result` matches `tool.outputSchema`. Nothing to report when it does, when there is no
 * schema, or for an error result (which need not conform).
 */
export async function checkStructuredContent(
  tool: Tool | undefined,
  result: CallToolResult,
): Promise<OutputCheck> {
  const schema = tool?.outputSchema;
  if (!schema || result.isError) return {};
  if (result.structuredContent === undefined) {
    return {
      error: `the tool "${tool.name}" declares an outputSchema but returned no structuredContent`,
    };
  }
  let compiled = prepared.get(schema);
  if (!compiled) prepared.set(schema, (compiled = compilableSchema(schema)));
  // Many servers still label their schemas draft-07; Ajv reads each dialect by its label.
  const check = await schemaChecker().check(compiled, result.structuredContent, {
    dialect: schemaDialect(schema),
    deadlineMs: OUTPUT_DEADLINE_MS,
  });
  switch (check.status) {
    case 'valid':
      return {};
    case 'invalid':
      return {
        error: `structuredContent of "${tool.name}" does not match its outputSchema: ${errorsText(check.errors)}`,
      };
    case 'unusable':
      return { error: `the tool's outputSchema is not a valid JSON Schema (${check.reason})` };
    case 'inconclusive':
      return {
        unchecked: `the result of "${tool.name}" could not be checked against its outputSchema: ${check.reason}`,
      };
  }
}
