// One MCP server's session: negotiation, capabilities, requests, notifications, timeouts and
// cancellation over any Transport. Plain Node; no schema validator on the hot path (results are
// checked against outputSchema only for tools that declare one, with ajv loaded lazily). The wire
// and the session's state are ClientSession's (client-session.ts); the operations are here.
import type {
  Completion,
  CompletionRef,
  GetPromptResult,
  Prompt,
  Resource,
  ResourceContents,
  ResourceTemplate,
  LoggingLevel,
  Tool,
} from '../../../shared/mcp-types';
import { runInputRounds, type CallBudget } from './client-features';
import { asString, asTtl, normalLevel } from './client-helpers';
import { completionParams, coversUpdate, readCompletion } from './client-offerings';
import type { ClientEventMap } from './client-events';
import { ClientSession } from './client-session';
import { McpProtocolError } from './errors';
import type { RequestOptions } from './jsonrpc';
import { ListCache, type ListKind } from './list-cache';
import { listAllPages } from './pagination';
import { mirroredTools, requestHeaders } from './request-headers';
import { checkStructuredContent } from './results';
import type { FollowOptions } from './tasks/follow';
import { taskHandle, taskRequest, type TaskView } from './tasks/task';
import type { CallToolOptions, ToolCallOutcome } from './client-options';

export type { ClientEventMap, ServerLogEntry } from './client-events';
export type { ClientFeatureHandlers } from './client-features';
export type { Era, ProtocolPin } from './era';
export type { TaskView } from './tasks/task';

export type {
  CallToolOptions,
  ClientOptions,
  ClientState,
  ToolCallOutcome,
} from './client-options';

export class McpClient extends ClientSession {
  private toolIndex: Map<string, Tool> | undefined;
  private readonly relisting = new Map<ListKind, { again: boolean }>();
  private readonly lists = new ListCache();
  /** Resource URIs subscribed to in this session (issue 22). */
  private readonly watched = new Set<string>();

  /** Lists tools; a fresh cached list (the server's ttlMs, no change since) is served as is. */
  async listTools(): Promise<Tool[]> {
    if (!this.init?.capabilities.tools) return [];
    let tools = await this.list<Tool>('tools/list', 'tools');
    if (this.headerIndex)
      ({ tools, index: this.headerIndex } = mirroredTools(tools, (m) => this.diagnostic(m)));
    this.toolIndex = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  async listResources(): Promise<Resource[]> {
    return this.init?.capabilities.resources
      ? this.list<Resource>('resources/list', 'resources')
      : [];
  }

  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.init?.capabilities.resources
      ? this.list<ResourceTemplate>('resources/templates/list', 'resourceTemplates')
      : [];
  }

  async listPrompts(): Promise<Prompt[]> {
    return this.init?.capabilities.prompts ? this.list<Prompt>('prompts/list', 'prompts') : [];
  }

  /**
   * Calls a tool. A JSON-RPC error rejects (McpRpcError); an `isError: true` result resolves, for
   * the model to read. structuredContent is checked when the tool (as last listed) has an outputSchema.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    opts: CallToolOptions = {},
  ): Promise<ToolCallOutcome> {
    if (this.init && !this.init.capabilities.tools) return Promise.reject(this.lacks('tools'));
    if (this.lists.expiredInUse('tools')) this.relist('tools');
    const tool = this.toolIndex?.get(name);
    const requestOpts: RequestOptions = {
      timeoutMs: opts.timeoutMs ?? this.timeoutMs,
      maxTotalMs: this.maxTimeoutMs,
      signal: opts.signal,
      onProgress: opts.onProgress,
      ...(opts.conversationId === undefined ? {} : { conversationId: opts.conversationId }),
    };
    const params = {
      name,
      arguments: args,
      ...taskRequest(this.currentEra, this.init?.capabilities, tool, opts.asTask),
    };
    const purpose = `tools/call ${name}`;
    const call: CallBudget = { sampling: 0 };
    this.lastCall = call;
    const request = this.multiRound(
      'tools/call',
      params,
      requestOpts,
      purpose,
      tool?.annotations,
      call,
    ).then((r) =>
      this.settle(r, {
        signal: opts.signal,
        onTask: opts.onTask,
        purpose,
        call,
        conversationId: opts.conversationId,
      }),
    );
    return request.then((r) => {
      const result = r as unknown as ToolCallOutcome;
      if (!Array.isArray(result.content)) result.content = [];
      return tool?.outputSchema ? this.withValidation(tool, result) : result;
    });
  }

  /**
   * Follows a task again (after a reconnect, or a restart of Lena) to the result of the tool call
   * it stands for; `since` is when Lena first began waiting, for the per-server maximum.
   */
  followToolTask(
    task: TaskView,
    opts: CallToolOptions & { since?: number; tool?: string },
  ): Promise<ToolCallOutcome> {
    const follow = this.tasks.follow(task, {
      signal: opts.signal,
      onTask: opts.onTask,
      purpose: `tools/call ${opts.tool ?? task.taskId}`,
      since: opts.since,
      conversationId: opts.conversationId,
    });
    return follow.then((r) => {
      const result = r as unknown as ToolCallOutcome;
      if (!Array.isArray(result.content)) result.content = [];
      return result;
    });
  }

  async readResource(
    uri: string,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<{ contents: ResourceContents[] }> {
    if (this.init && !this.init.capabilities.resources) throw this.lacks('resources');
    const first = await this.multiRound(
      'resources/read',
      { uri },
      { timeoutMs: opts.timeoutMs ?? this.timeoutMs, signal: opts.signal },
      `resources/read ${uri}`,
    );
    const r = await this.settle(first, { signal: opts.signal, purpose: `resources/read ${uri}` });
    if (!Array.isArray(r.contents))
      throw new McpProtocolError(`resources/read ${uri}: the answer has no contents array`);
    return r as unknown as { contents: ResourceContents[] };
  }

  async getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    if (this.init && !this.init.capabilities.prompts) throw this.lacks('prompts');
    const first = await this.multiRound(
      'prompts/get',
      args ? { name, arguments: args } : { name },
      { timeoutMs: this.timeoutMs },
      `prompts/get ${name}`,
    );
    const r = await this.settle(first, { purpose: `prompts/get ${name}` });
    if (!Array.isArray(r.messages))
      throw new McpProtocolError(`prompts/get ${name}: the answer has no messages array`);
    return r as unknown as GetPromptResult;
  }

  // ── Resource subscriptions and completions (issue 22) ──

  /** Asks for `resource-updated` events for `uri`: resources/subscribe on 2025, the listen filter on 2026. */
  async subscribeResource(uri: string): Promise<void> {
    if (!this.init?.capabilities.resources?.subscribe)
      throw new McpProtocolError(
        `${this.transport.description} does not offer resource subscriptions`,
      );
    if (this.watched.has(uri)) return;
    if (this.currentEra !== 'modern')
      await this.send('resources/subscribe', { uri }, { timeoutMs: this.timeoutMs });
    this.watched.add(uri);
    if (this.currentEra === 'modern')
      this.subscriptions.setResourceSubscriptions([...this.watched]);
  }

  async unsubscribeResource(uri: string): Promise<void> {
    if (!this.watched.delete(uri)) return;
    if (this.currentEra === 'modern')
      this.subscriptions.setResourceSubscriptions([...this.watched]);
    else if (this.currentState === 'connected')
      await this.send('resources/unsubscribe', { uri }, { timeoutMs: this.timeoutMs });
  }

  /** Values for one argument of a prompt or resource template; none when the server offers no completions. */
  async complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<Completion> {
    if (!this.init?.capabilities.completions) return { values: [] };
    return readCompletion(
      await this.send('completion/complete', completionParams(ref, argument, context), {
        timeoutMs: this.timeoutMs,
      }),
    );
  }

  /** Checks the server answers: ping on 2025; 2026 has no ping, so server/discover stands in. */
  async ping(opts: { timeoutMs?: number } = {}): Promise<void> {
    await this.send(this.currentEra === 'modern' ? 'server/discover' : 'ping', undefined, {
      timeoutMs: opts.timeoutMs ?? this.timeoutMs,
    });
  }

  /** Tells the server the roots changed (the project folder did), when Lena declared roots to it. */
  async rootsChanged(): Promise<void> {
    if (
      this.currentState !== 'connected' ||
      !this.options.features?.roots ||
      this.currentEra === 'modern'
    )
      return;
    await this.peer.notify('notifications/roots/list_changed');
  }

  /** The settings a server declared for extension `id` (SEP-2133), or undefined when it did not. */
  extension(id: string): Record<string, unknown> | undefined {
    const all = this.init?.capabilities.extensions;
    const ext = all && typeof all === 'object' ? (all as Record<string, unknown>)[id] : undefined;
    return ext && typeof ext === 'object' && !Array.isArray(ext)
      ? (ext as Record<string, unknown>)
      : undefined;
  }

  /** A request of extension `id`; never sent to a server that did not declare the extension. */
  async extensionRequest(
    id: string,
    method: string,
    params: Record<string, unknown> | undefined,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    if (!this.extension(id))
      throw new McpProtocolError(
        `${this.transport.description} does not offer ${method} (it did not declare the ${id} extension)`,
      );
    return this.send(method, params, {
      timeoutMs: opts.timeoutMs ?? this.timeoutMs,
      signal: opts.signal,
    });
  }

  /** Sets which server log messages arrive (`logging/setLevel`), where the server offers logging. */
  async setLogLevel(level: LoggingLevel): Promise<boolean> {
    if (!this.init?.capabilities.logging || this.currentEra === 'modern') return false;
    await this.send('logging/setLevel', { level }, { timeoutMs: this.timeoutMs });
    return true;
  }

  protected async refreshedHeaders(
    params: Record<string, unknown> | undefined,
  ): Promise<Record<string, string>> {
    this.lists.invalidate('tools');
    await this.listTools();
    return requestHeaders('tools/call', params, this.headerIndex?.get(params?.name as string));
  }

  /**
   * A request that may answer `input_required` (SEP-2322): each round's input requests go to the
   * host's handlers, and the request is sent again (a new id) with the answers and the server's
   * requestState, verbatim, until a complete result — at most MAX_INPUT_ROUNDS rounds.
   */
  private multiRound(
    method: string,
    params: Record<string, unknown>,
    opts: RequestOptions,
    purpose: string,
    toolHints?: Tool['annotations'],
    call?: CallBudget,
  ): Promise<Record<string, unknown>> {
    return runInputRounds(
      (p) => this.send(method, p, opts, toolHints),
      params,
      this.options.features,
      { signal: opts.signal, purpose, call, conversationId: opts.conversationId },
    );
  }

  /** A result that is a task handle (asked for on 2025, server-directed on 2026) is followed to its end. */
  private settle(
    r: Record<string, unknown>,
    opts: FollowOptions,
  ): Promise<Record<string, unknown>> {
    const task = taskHandle(r, this.currentEra);
    return task ? this.tasks.follow(task, opts) : Promise.resolve(r);
  }

  private async list<T>(method: string, key: ListKind | 'resourceTemplates'): Promise<T[]> {
    const cached = this.lists.get<T>(key);
    if (cached) return cached;
    let ttlMs: number | undefined;
    const items = await listAllPages<T>(
      async (params) => {
        const page = await this.send(method, params, { timeoutMs: this.timeoutMs });
        ttlMs = ttlMs === undefined ? asTtl(page.ttlMs) : Math.min(ttlMs, asTtl(page.ttlMs));
        return page;
      },
      method,
      key,
      (m) => this.diagnostic(m),
    );
    this.lists.put(key, items, ttlMs ?? 0);
    return items;
  }

  private lacks(capability: 'tools' | 'resources' | 'prompts'): McpProtocolError {
    return new McpProtocolError(
      `${this.transport.description} does not offer ${capability} (it did not declare the capability at initialize)`,
    );
  }

  private async withValidation(tool: Tool, result: ToolCallOutcome): Promise<ToolCallOutcome> {
    const { error, unchecked } = await checkStructuredContent(tool, result);
    if (error) result.validationError = error;
    if (unchecked) result.validationSkipped = unchecked;
    return result;
  }

  protected onNotification(method: string, params: Record<string, unknown> | undefined): void {
    switch (method) {
      case 'notifications/tools/list_changed':
        return this.relist('tools');
      case 'notifications/resources/list_changed':
        return this.relist('resources');
      case 'notifications/prompts/list_changed':
        return this.relist('prompts');
      case 'notifications/resources/updated':
        // Only for what is subscribed (or a sub-resource of it): a stream replaced by one with a
        // new filter may still deliver for a while (the 2026 HTTP wire cannot end it from here).
        if (typeof params?.uri === 'string' && coversUpdate(this.watched, params.uri))
          this.emit('resource-updated', params.uri);
        return;
      case 'notifications/subscriptions/acknowledged':
        return this.subscriptions.acknowledged(params);
      case 'notifications/elicitation/complete':
        if (typeof params?.elicitationId === 'string')
          this.options.features?.elicitationComplete?.(params.elicitationId);
        return;
      case 'notifications/tasks': // 2026 (Tasks extension), on the task's listen stream
      case 'notifications/tasks/status': // 2025-11-25
        return this.tasks.notify(params);
      case 'notifications/message':
        return this.serverLog({
          at: Date.now(),
          source: 'server',
          level: normalLevel(params?.level),
          logger: asString(params?.logger),
          data: params?.data,
        });
      default:
        return;
    }
  }

  /** Re-lists after list_changed; a burst of notifications costs one extra listing, not one each. */
  protected relist(kind: ListKind): void {
    if (this.currentState !== 'connected') return;
    this.lists.invalidate(kind);
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
          if (this.currentState === 'connected')
            this.diagnostic(
              `re-listing ${kind} after list_changed failed: ${(e as Error).message}`,
            );
        }
      } while (mark.again && this.currentState === 'connected');
      this.relisting.delete(kind);
    })();
  }
}

export type { ClientEventMap as McpClientEvents };
