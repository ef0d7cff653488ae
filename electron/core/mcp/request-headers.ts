// The HTTP headers the 2026-07-28 Streamable HTTP binding mirrors from a request's body, so that
// gateways can route without parsing JSON: Mcp-Method, Mcp-Name (params.name or params.uri) and
// Mcp-Param-{Name} for tool arguments whose schema carries `x-mcp-header`. A tool whose
// declarations break the rules is excluded from the list (the binding's MUST), with a reason.
import type { Tool } from '../../../shared/mcp-types';

/** One mirrored argument: its path of `properties` keys and the header name part. */
export interface HeaderParam {
  path: string[];
  name: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COMPOSITION = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$defs',
  'definitions',
  'contains',
  'dependentSchemas',
];

/**
 * The tool's mirrored arguments, or a reason why its declarations are invalid. Only properties
 * reachable through `properties` keys may carry `x-mcp-header`; anywhere else it is invalid.
 */
export function headerParams(tool: Tool): { params: HeaderParam[] } | { invalid: string } {
  const params: HeaderParam[] = [];
  const seen = new Set<string>();
  let invalid: string | undefined;
  const visit = (schema: unknown, path: string[], reachable: boolean): void => {
    if (invalid || typeof schema !== 'object' || schema === null) return;
    if (Array.isArray(schema)) {
      for (const s of schema) visit(s, path, false);
      return;
    }
    const s = schema as Record<string, unknown>;
    if ('x-mcp-header' in s && path.length > 0) {
      const name = s['x-mcp-header'];
      const where = path.join('.');
      if (!reachable)
        invalid = `"${where}" declares x-mcp-header inside an array, composition or $ref`;
      else if (typeof name !== 'string' || name === '' || !TOKEN.test(name))
        invalid = `"${where}" declares x-mcp-header ${JSON.stringify(name)}, which is not an HTTP header name token`;
      else if (seen.has(name.toLowerCase())) invalid = `x-mcp-header "${name}" is declared twice`;
      else if (!isPrimitive(s.type))
        invalid = `"${where}" declares x-mcp-header on a ${JSON.stringify(s.type ?? 'untyped')} parameter (only string, integer and boolean may be mirrored)`;
      else {
        seen.add(name.toLowerCase());
        params.push({ path, name });
      }
    }
    const props = s.properties;
    if (typeof props === 'object' && props !== null && !Array.isArray(props)) {
      for (const [key, child] of Object.entries(props)) visit(child, [...path, key], reachable);
    }
    for (const key of COMPOSITION) if (key in s) visit(s[key], [...path, `(${key})`], false);
  };
  visit(tool.inputSchema, [], true);
  return invalid ? { invalid } : { params };
}

function isPrimitive(type: unknown): boolean {
  return type === 'string' || type === 'integer' || type === 'boolean';
}

/** A header value as the binding encodes it: plain visible ASCII, else `=?base64?…?=`. */
export function headerValue(value: string): string {
  const plain =
    /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) &&
    !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The per-request headers for one outgoing request on the modern HTTP wire. */
export function requestHeaders(
  method: string,
  params: Record<string, unknown> | undefined,
  mirrored: HeaderParam[] | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { 'Mcp-Method': method };
  // tasks/*: the task id routes the request to the instance holding the task (Tasks extension).
  const name =
    method === 'resources/read'
      ? params?.uri
      : method === 'tools/call' || method === 'prompts/get'
        ? params?.name
        : method.startsWith('tasks/')
          ? params?.taskId
          : undefined;
  if (typeof name === 'string') headers['Mcp-Name'] = headerValue(name);
  if (mirrored && method === 'tools/call') {
    const args = params?.arguments;
    for (const p of mirrored) {
      let v: unknown = args;
      for (const key of p.path)
        v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
      if (typeof v === 'string') headers[`Mcp-Param-${p.name}`] = headerValue(v);
      else if (typeof v === 'boolean') headers[`Mcp-Param-${p.name}`] = String(v);
      else if (typeof v === 'number' && Number.isSafeInteger(v))
        headers[`Mcp-Param-${p.name}`] = String(v);
    }
  }
  return headers;
}

/** The tools to offer and their mirrored arguments: a tool with invalid declarations is left out, with a warning (the MUST). */
export function mirroredTools(
  tools: Tool[],
  warn: (message: string) => void,
): { tools: Tool[]; index: Map<string, HeaderParam[]> } {
  const index = new Map<string, HeaderParam[]>();
  const kept: Tool[] = [];
  for (const tool of tools) {
    const h = headerParams(tool);
    if ('invalid' in h) {
      warn(`tool "${tool.name}" left out: ${h.invalid}`);
      continue;
    }
    if (h.params.length > 0) index.set(tool.name, h.params);
    kept.push(tool);
  }
  return { tools: kept, index };
}
