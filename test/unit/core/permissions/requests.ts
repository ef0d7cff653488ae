// Tool calls for the permission tests: a filesystem-like server `fs` unless told otherwise.
import type {
  ServerIdentity,
  ToolCallRequest,
  ToolDefinition,
} from '../../../../electron/core/permissions/types';

export const FS: ServerIdentity = { name: 'fs', hash: 'sha256:fs-v1' };

export function tool(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    ...extra,
  };
}

/** A call of `mcp__<server>__<name>` in conversation `c1`. */
export function call(
  name: string,
  options: {
    identity?: ServerIdentity;
    tool?: ToolDefinition;
    conversationId?: string;
    args?: unknown;
  } = {},
): ToolCallRequest {
  const identity = options.identity ?? FS;
  return {
    conversationId: options.conversationId ?? 'c1',
    qualifiedName: `mcp__${identity.name}__${name}`,
    serverName: identity.name,
    toolName: name,
    identity,
    tool: options.tool ?? tool(name),
    arguments: options.args ?? { path: '/tmp/x' },
  };
}

export const readOnly = { readOnlyHint: true } as const;
