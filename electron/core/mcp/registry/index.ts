// MCP tools ⇄ Anthropic tools: qualified names, definitions, argument checks, result conversion.
export { MAX_TOOL_NAME_LENGTH, assignQualifiedNames, nameHash, refKey, sanitizeNamePart, type ToolRef } from './names';
export { MAX_DESCRIPTION_CHARS, describeTool, estimateTokens, normalizeInputSchema, toAnthropicTool, type AnthropicTool } from './schemas';
export { ArgumentValidator, formatValidationErrors, schemaDialect, type ArgumentCheck } from './validate';
export {
  DEFAULT_RESULT_LIMITS,
  base64Bytes,
  convertToolResult,
  errorToolResultBlock,
  formatBytes,
  toToolResultBlock,
  type ConvertedResult,
  type ResultLimits,
  type ToolResultContent,
} from './results';
export { ToolRegistry, type DroppedTool, type RegisteredTool, type RegistryChange, type ServerToolCost } from './registry';
