// One MCP server's session: negotiation, capabilities, requests, notifications, timeouts and
// cancellation over any Transport. Plain Node; no schema validator on the hot path (results are
// checked against outputSchema only for tools that declare one, with ajv loaded lazily).
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type GetPromptResult,
  type Implementation,
  type InitializeResult,
  type Prompt,
  type Resource,
  type ResourceContents,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
} from '../../../shared/mcp-types';
import { CLIENT_CAPABILITIES, answerServerRequest } from './client-requests';
import { ClientEvents, type ClientEventMap, type ServerLogEntry } from './client-events';
import { McpProtocolError, McpTransportError, isMcpError, type McpError } from './errors';
import { JsonRpcPeer, type Progress } from './jsonrpc';
import { listAllPages } from './pagination';
import type { ProtocolLogEntry } from './protocol-log';
import { checkStructuredContent } from './results';
import type { Transport, TransportCloseInfo } from './transport';

export type { ClientEventMap, ServerLogEntry } from './client-events';
export type { ProtocolLogEntry } from './protocol-log';

export type ClientState = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface ClientOptions {
  clientInfo?: Implementation;
  /** Per-request timeout (default 60 s); progress notifications reset it. */
  requestTimeoutMs?: number;
  /** Hard maximum for one request even while progress keeps arriving (default 10 min). */
  maxRequestTimeoutMs?: number;
  /** Entries kept in the protocol log (default 500). */
  protocolLogSize?: number;
  /** `notifications/message` entries kept (default 200). */
  serverLogSize?: number;
}

export interface CallToolOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (p: Progress) => void;
}

/**
 * A tools/call result; `validationError` says why structuredContent failed the tool's outputSchema,
 * `validationSkipped` why it could not be checked (the checker's deadline, say).
 */
export type ToolCallOutcome = CallToolResult & { validationError?: string; validationSkipped?: string };

const DEFAULT_CLIENT_INFO: Implementation = { name: 'lena', version: '0.1.0' };
type ListKind = 'tools' | 'resources' | 'prompts';

export class McpClient extends ClientEvents {
  private readonly peer: JsonRpcPeer;
  private readonly timeoutMs: number;
  private readonly maxTimeoutMs: number;
  private readonly clientInfo: Implementation;
  private currentState: ClientState = 'disconnected';
  private init: InitializeResult | undefined;
  private closing = false;
  /** close() was called: the session ends as 'disconnected', not 'failed'. */
  private closedByUser = false;
  private toolIndex: Map<string, Tool> | undefined;
  private readonly relisting = new Map<ListKind, { again: boolean }>();

  constructor(
    private readonly transport: Transport,
    options: ClientOptions = {},
  ) {
    super(options.serverLogSize ?? 200);
    this.timeoutMs = options.requestTimeoutMs ?? 60_000;
    this.maxTimeoutMs = Math.max(options.maxRequestTimeoutMs ?? 600_000, this.timeoutMs);
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    this.peer = new JsonRpcPeer(
      transport,
      {
        onRequest: answerServerRequest,
        onNotification: (method, params) => this.onNotification(method, params),
        onDiagnostic: (message) => this.diagnostic(message),
        onTraffic: (entry) => this.emit('protocol', entry),
      },
      options.protocolLogSize,
    );
  }

  get state(): ClientState {
    return this.currentState;
  }
  get serverInfo(): Implementation | undefined {
    return this.init?.serverInfo;
  }
  get protocolVersion(): string | undefined {
    return this.init?.protocolVersion;
  }
  get capabilities(): ServerCapabilities | undefined {
    return this.init?.capabilities;
  }
  get instructions(): string | undefined {
    return this.init?.instructions;
  }
  /** Human-readable description of the transport ("stdio: node server.js"). */
  get description(): string {
    return this.transport.description;
  }

  /**
   * Starts the transport and negotiates; on any failure the transport is closed and state is
   * 'failed'. A client and its transport serve one connection: to reconnect, create both anew.
   */
  async connect(opts: { timeoutMs?: number } = {}): Promise<InitializeResult> {
    if (this.currentState === 'connecting' || this.currentState === 'connected') {
      throw new McpProtocolError(`connect() called while ${this.currentState}; close() first`);
    }
    this.closing = false;
    this.closedByUser = false;
    this.setState('connecting');
    try {
      await this.transport.start({
        onMessage: (m, text, bytes) => this.peer.handle(m, text, bytes),
        onError: (e) => this.peer.handleTransportError(e),
        onClose: (info) => this.onTransportClose(info),
      });
      const params = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: CLIENT_CAPABILITIES, clientInfo: this.clientInfo };
      const result = await this.peer.request('initialize', params, { timeoutMs: opts.timeoutMs ?? this.timeoutMs, cancellable: false });
      const init = checkInitializeResult(result);
      this.init = init;
      this.transport.setProtocolVersion?.(init.protocolVersion);
      await this.peer.notify('notifications/initialized');
      this.setState('connected');
      return init;
    } catch (e) {
      const error = isMcpError(e) ? e : new McpTransportError(`could not start ${this.transport.description}: ${(e as Error).message}`);
      this.peer.close(error);
      this.closing = true;
      await this.transport.close().catch(() => undefined);
      // A process that died during initialize already moved the state to 'failed' (once is enough).
      if (this.closedByUser) this.setState('disconnected');
      else if (this.currentState !== 'failed') this.setState('failed', error);
      throw error;
    }
  }

  async listTools(): Promise<Tool[]> {
    if (!this.init?.capabilities.tools) return [];
    const tools = await this.list<Tool>('tools/list', 'tools');
    this.toolIndex = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  async listResources(): Promise<Resource[]> {
    return this.init?.capabilities.resources ? this.list<Resource>('resources/list', 'resources') : [];
  }

  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.init?.capabilities.resources ? this.list<ResourceTemplate>('resources/templates/list', 'resourceTemplates') : [];
  }

  async listPrompts(): Promise<Prompt[]> {
    return this.init?.capabilities.prompts ? this.list<Prompt>('prompts/list', 'prompts') : [];
  }

  /**
   * Calls a tool. A JSON-RPC error rejects (McpRpcError); an `isError: true` result resolves, for
   * the model to read. structuredContent is checked when the tool (as last listed) has an outputSchema.
   */
  callTool(name: string, args: Record<string, unknown>, opts: CallToolOptions = {}): Promise<ToolCallOutcome> {
    if (this.init && !this.init.capabilities.tools) return Promise.reject(this.lacks('tools'));
    const request = this.peer.request(
      'tools/call',
      { name, arguments: args },
      { timeoutMs: opts.timeoutMs ?? this.timeoutMs, maxTotalMs: this.maxTimeoutMs, signal: opts.signal, onProgress: opts.onProgress },
    );
    const tool = this.toolIndex?.get(name);
    return request.then((r) => {
      const result = r as unknown as ToolCallOutcome;
      if (!Array.isArray(result.content)) result.content = [];
      return tool?.outputSchema ? this.withValidation(tool, result) : result;
    });
  }

  async readResource(uri: string, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<{ contents: ResourceContents[] }> {
    if (this.init && !this.init.capabilities.resources) throw this.lacks('resources');
    const r = await this.peer.request('resources/read', { uri }, { timeoutMs: opts.timeoutMs ?? this.timeoutMs, signal: opts.signal });
    if (!Array.isArray(r.contents)) throw new McpProtocolError(`resources/read ${uri}: the answer has no contents array`);
    return r as unknown as { contents: ResourceContents[] };
  }

  async getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    if (this.init && !this.init.capabilities.prompts) throw this.lacks('prompts');
    const r = await this.peer.request('prompts/get', args ? { name, arguments: args } : { name }, { timeoutMs: this.timeoutMs });
    if (!Array.isArray(r.messages)) throw new McpProtocolError(`prompts/get ${name}: the answer has no messages array`);
    return r as unknown as GetPromptResult;
  }

  async ping(opts: { timeoutMs?: number } = {}): Promise<void> {
    await this.peer.request('ping', undefined, { timeoutMs: opts.timeoutMs ?? this.timeoutMs });
  }

  /** Ends the session: pending requests fail, the transport shuts down (process tree for stdio). */
  async close(): Promise<void> {
    if (this.closing && this.currentState !== 'connecting') return;
    this.closing = true;
    this.closedByUser = true;
    this.peer.close(new McpTransportError(`the connection to ${this.transport.description} was closed by Lena`));
    await this.transport.close();
    if (this.currentState !== 'failed') this.setState('disconnected');
  }

  /** The bounded protocol log, oldest first. */
  protocolLog(): ProtocolLogEntry[] {
    return this.peer.log.entries();
  }

  private async list<T>(method: string, key: string): Promise<T[]> {
    return listAllPages<T>((params) => this.peer.request(method, params, { timeoutMs: this.timeoutMs }), method, key, (m) => this.diagnostic(m));
  }

  private lacks(capability: 'tools' | 'resources' | 'prompts'): McpProtocolError {
    return new McpProtocolError(`${this.transport.description} does not offer ${capability} (it did not declare the capability at initialize)`);
  }

  private async withValidation(tool: Tool, result: ToolCallOutcome): Promise<ToolCallOutcome> {
    const { error, unchecked } = await checkStructuredContent(tool, result);
    if (error) result.validationError = error;
    if (unchecked) result.validationSkipped = unchecked;
    return result;
  }

  private onNotification(method: string, params: Record<string, unknown> | undefined): void {
    switch (method) {
      case 'notifications/tools/list_changed':
        return this.relist('tools');
      case 'notifications/resources/list_changed':
        return this.relist('resources');
      case 'notifications/prompts/list_changed':
        return this.relist('prompts');
      case 'notifications/message':
        return this.serverLog({ at: Date.now(), source: 'server', level: normalLevel(params?.level), logger: asString(params?.logger), data: params?.data });
      default:
        return;
    }
  }

  /** Re-lists after list_changed; a burst of notifications costs one extra listing, not one each. */
  private relist(kind: ListKind): void {
    if (this.currentState !== 'connected') return;
    const running = this.relisting.get(kind);
    if (running) {
      running.again = true;
      return;
    }
    const mark = { again: false };
    this.relisting.set(kind, mark);
    void (async () => {
      do {
        mark.again = false;
        try {
          if (kind === 'tools') this.emit('tools-changed', await this.listTools());
          else if (kind === 'resources') this.emit('resources-changed', await this.listResources());
          else this.emit('prompts-changed', await this.listPrompts());
        } catch (e) {
          if (this.currentState === 'connected') this.diagnostic(`re-listing ${kind} after list_changed failed: ${(e as Error).message}`);
        }
      } while (mark.again && this.currentState === 'connected');
      this.relisting.delete(kind);
    })();
  }

  private onTransportClose(info: TransportCloseInfo): void {
    if (this.closing) return;
    const error = new McpTransportError(closeMessage(this.transport.description, info), info);
    this.peer.close(error);
    this.closing = true;
    this.setState('failed', error);
    this.emit('closed', info);
  }

  private setState(state: ClientState, error?: McpError): void {
    if (state === this.currentState && !error) return;
    this.currentState = state;
    this.emit('state', state, error);
  }

  private diagnostic(message: string): void {
    this.serverLog({ at: Date.now(), source: 'client', level: 'warning', logger: 'lena', data: message });
  }
}

function checkInitializeResult(r: Record<string, unknown>): InitializeResult {
  const version = r.protocolVersion;
  if (typeof version !== 'string' || !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    throw new McpProtocolError(
      `the server answered protocol version ${JSON.stringify(version)}, but Lena asked for "${LATEST_PROTOCOL_VERSION}" and supports only ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}; update the server (or Lena)`,
    );
  }
  const capabilities = typeof r.capabilities === 'object' && r.capabilities !== null ? (r.capabilities as ServerCapabilities) : {};
  const info = r.serverInfo as Implementation | undefined;
  const serverInfo = typeof info?.name === 'string' ? info : { name: 'unknown', version: '' };
  return { ...r, protocolVersion: version, capabilities, serverInfo, instructions: asString(r.instructions) };
}

function closeMessage(description: string, info: TransportCloseInfo): string {
  const tail = info.stderrTail?.trim();
  const last = tail ? `; last stderr: ${tail.split('\n').slice(-5).join('\n').slice(-800)}` : '';
  return `${description}: ${info.reason}${last}`;
}

function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

const LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
function normalLevel(v: unknown): ServerLogEntry['level'] {
  return typeof v === 'string' && LEVELS.has(v) ? (v as ServerLogEntry['level']) : 'info';
}

export type { ClientEventMap as McpClientEvents };
