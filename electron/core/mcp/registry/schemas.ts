// MCP tool → Anthropic tool definition. The description says which server the tool comes from,
// and the input schema always has `type: "object"`, as the Messages API requires.
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { Tool } from '../../../../shared/mcp-types';

export type { AnthropicTool };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The server's schema with `type: "object"` ensured; an empty object schema when it gave none. */
export function normalizeInputSchema(schema: unknown): AnthropicTool.InputSchema {
  if (!isPlainObject(schema)) return { type: 'object', properties: {} };
  return { ...schema, type: 'object' };
}

/**
 * Longest description sent to the model: a server could otherwise fill every request with one
 * tool's text. The full description stays on the registered tool for the UI and pinning.
 */
export const MAX_DESCRIPTION_CHARS = 10_000;

/** `[server] description`, falling back to the title or the tool's own name. */
export function describeTool(server: string, tool: Tool): string {
  const text =
    tool.description?.trim() || tool.title?.trim() || tool.annotations?.title?.trim() || tool.name;
  if (text.length <= MAX_DESCRIPTION_CHARS) return `[${server}] ${text}`;
  return `[${server}] ${text.slice(0, MAX_DESCRIPTION_CHARS)} [description truncated: ${text.length - MAX_DESCRIPTION_CHARS} of ${text.length} characters cut]`;
}

export function toAnthropicTool(qualifiedName: string, server: string, tool: Tool): AnthropicTool {
  return {
    name: qualifiedName,
    description: describeTool(server, tool),
    input_schema: normalizeInputSchema(tool.inputSchema),
  };
}

/** Rough token cost of definitions in every request (characters / 4 of their JSON). */
export function estimateTokens(definitions: readonly AnthropicTool[]): number {
  return definitions.length === 0 ? 0 : Math.ceil(JSON.stringify(definitions).length / 4);
}
