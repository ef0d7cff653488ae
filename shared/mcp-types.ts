// MCP domain types (protocol revision 2025-11-25) used on both sides: tools, content blocks,
// results. Kept structural and permissive: servers send extra fields, and we keep them.

export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const;

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
}

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface JsonSchemaObject {
  type?: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  /** 2025-11-25: whether calls may or must be task-augmented (absent: "forbidden"). */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  _meta?: Record<string, unknown>;
}

export interface TextContent {
  type: 'text';
  text: string;
  annotations?: unknown;
  _meta?: Record<string, unknown>;
}
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: unknown;
}
export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: unknown;
}
export interface ResourceLink {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}
export interface EmbeddedResource {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text?: string; blob?: string };
}
export type McpContentBlock =
  TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

export interface CallToolResult {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
}
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: McpContentBlock;
}
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
}

/** What `completion/complete` completes an argument of: a prompt or a resource template. */
export type CompletionRef =
  { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: Record<string, unknown>;
  completions?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
}

export type LoggingLevel =
  'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
