// Tool results: checks structuredContent against the tool's outputSchema (JSON Schema 2020-12).
// ajv is loaded on first need only: importing the client must stay fast, and most tools have no
// outputSchema at all.
import type Ajv2020 from 'ajv/dist/2020';
import type { CallToolResult, JsonSchemaObject, Tool } from '../../../shared/mcp-types';

type Validate = (data: unknown) => string | undefined;

let ajvLoading: Promise<Ajv2020> | undefined;
const compiled = new WeakMap<JsonSchemaObject, Validate>();

function loadAjv(): Promise<Ajv2020> {
  ajvLoading ??= import('ajv/dist/2020.js').then((mod) => {
    const m = mod as unknown as { default: typeof Ajv2020 & { default?: typeof Ajv2020 } };
    const Ctor = m.default.default ?? m.default;
    // Servers write schemas by hand or generate them: unknown keywords and formats must not fail a call.
    return new Ctor({ strict: false, validateFormats: false, validateSchema: false, logger: false, allErrors: true });
  });
  return ajvLoading;
}

async function validatorFor(schema: JsonSchemaObject): Promise<Validate> {
  const known = compiled.get(schema);
  if (known) return known;
  const ajv = await loadAjv();
  let validate: Validate;
  try {
    // Many servers still label their schemas draft-07; the 2020-12 validator reads them alike
    // once the label, which it cannot resolve, is dropped.
    const { $schema, ...rest } = schema;
    const fn = ajv.compile(typeof $schema === 'string' && $schema.includes('2020-12') ? schema : rest);
    validate = (data) => (fn(data) ? undefined : ajv.errorsText(fn.errors, { dataVar: 'structuredContent' }));
  } catch (e) {
    const why = `the tool's outputSchema is not a valid JSON Schema (${(e as Error).message})`;
    validate = () => why;
  }
  compiled.set(schema, validate);
  return validate;
}

/**
 * Why `result` does not match `tool.outputSchema`, or undefined when it does (or there is no
 * schema, or the result is an error result, which need not conform).
 */
export async function checkStructuredContent(tool: Tool | undefined, result: CallToolResult): Promise<string | undefined> {
  const schema = tool?.outputSchema;
  if (!schema || result.isError) return undefined;
  if (result.structuredContent === undefined) {
    return `the tool "${tool.name}" declares an outputSchema but returned no structuredContent`;
  }
  const why = (await validatorFor(schema))(result.structuredContent);
  return why && `structuredContent of "${tool.name}" does not match its outputSchema: ${why}`;
}
