// JSON-RPC 2.0 message shapes (MCP uses no batches since 2025-06-18). Plain types: the hot path
// never runs a schema validator over them.

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: Record<string, unknown>;
}

export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

export const isRequest = (m: JsonRpcMessage): m is JsonRpcRequest =>
  'method' in m && 'id' in m && m.id !== undefined;
export const isNotification = (m: JsonRpcMessage): m is JsonRpcNotification =>
  'method' in m && !('id' in m);
export const isResponse = (m: JsonRpcMessage): m is JsonRpcResponse =>
  !('method' in m) && ('result' in m || 'error' in m);

/** Standard JSON-RPC error codes. */
export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;
