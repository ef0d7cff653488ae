// The agent loop over @anthropic-ai/sdk: send, stop, regenerate, edit. A turn streams an answer,
// runs the tools it asks for (through the permission gate), sends the results back, and loops
// until the model ends its turn or the round limit is hit. Everything is stored as it happens.
import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import type {
  Attachment,
  ChatErrorInfo,
  ChatEvent,
  ContentBlock,
  PromptOrigin,
  Usage,
  ViewOrigin,
} from '../../../shared/chat-types';
import type { PromptMessage } from '../../../shared/mcp-types';
import { applyToolSwitch, toolOn, type ToolSwitchChange } from '../../../shared/conversation-tools';
import { LenaError } from '../../../shared/result';
import type { ResultLimits } from '../mcp/registry/results';
import type { RegisteredTool, ToolRegistry } from '../mcp/registry/registry';
import { withheldTools } from '../permissions/offered';
import type { PermissionService } from '../permissions/service';
import type { ConversationStore } from '../store/conversations';
import { isRetryableStreamError, toChatError } from './api-errors';
import { anthropicClient, endpointProblem, type ChatSettings } from './chat-settings';
import { dropOldToolResults } from './compact';
import { HistoryCache } from './history-cache';
import { BUILT_IN_MODELS, ModelCatalog, type ModelLimits } from './models';
import { buildRequest } from './request';
import type { ViewContexts } from './view-context';
import type { WithheldFilter } from './request-tools';
import { stopNote } from './stop-reasons';
import { streamRound, type StreamRoundResult } from './stream-round';
import { runToolUses, type ToolExecutor } from './tool-runner';
import { startFromSummary } from './summary';
import { ToolSearchSupport } from './tool-search/support';
import { TurnToolSearch } from './tool-search/turn';
import { newBoundary } from './untrusted';
import { DetachFromTask } from '../mcp/tasks/follow';
import { promptMessages } from './prompt-messages';
import { resourceBlocks } from './resource-content';
import { resumeWaitingTasks, storeLateResult } from './task-resume';

export interface ChatEngineDeps {
  store: ConversationStore;
  registry: ToolRegistry;
  tools: ToolExecutor;
  permissions: PermissionService;
  settings: () => ChatSettings;
  /** The API key, from the secret provider; undefined when none is set. */
  apiKey: () => Promise<string | undefined>;
  emit: (event: ChatEvent) => void;
  resultLimits?: Partial<ResultLimits>;
  /** How long the first turn waits for servers still starting (default 10 s). */
  serverWaitMs?: number;
  /** Retries of a stream that broke after it started (default 2). */
  streamRetries?: number;
  /** Model limits and capabilities (Models API, cached); one per app. */
  models?: ModelCatalog;
  /** Held or not-yet-accepted tools, left out of `tools` (the permissions module's filter). */
  isWithheld?: WithheldFilter;
  /** Which endpoints refused tool search (tools at scale); one per app. */
  toolSearch?: ToolSearchSupport;
  /** MCP Apps: what tool views gave the model, sent with each request (one per app). */
  viewContexts?: ViewContexts;
}

/** pause_turn continues automatically, this many times in a row at most. */
export const MAX_PAUSE_CONTINUATIONS = 5;

export interface TurnOutcome {
  turnId: string;
  conversationId: string;
  stopReason: string | null;
  error: ChatErrorInfo | null;
  usage: Usage;
}

interface ActiveTurn {
  id: string;
  abort: AbortController;
  done: Promise<TurnOutcome>;
}

const TITLE_LENGTH = 60;

export class ChatEngine {
  private readonly active = new Map<string, ActiveTurn>();
  private readonly calls = new Map<string, AbortController>();
  private accepting = true;
  /** Tokens of the most recent finished turn, for the composer's budget line. */
  lastTurnUsage: Usage | null = null;

  readonly models: ModelCatalog;
  readonly toolSearch: ToolSearchSupport;
  private readonly history: HistoryCache;
  private readonly deps: ChatEngineDeps;

  constructor(deps: ChatEngineDeps) {
    this.models = deps.models ?? new ModelCatalog();
    this.toolSearch = deps.toolSearch ?? new ToolSearchSupport();
    this.history = new HistoryCache(deps.store);
    // Every event the engine emits follows its own write: the history cache follows them too.
    this.deps = {
      ...deps,
      emit: (event) => {
        this.history.observe(event);
        deps.emit(event);
      },
    };
  }

  /** Stores the user's message first, then starts a turn; resolves once the turn has started. */
  send(
    conversationId: string,
    text: string,
    attachments: Attachment[] = [],
    origin?: ViewOrigin,
  ): { turnId: string; done: Promise<TurnOutcome> } {
    this.assertIdle(conversationId);
    const content = userContent(text, attachments);
    if (content.length === 0)
      throw new LenaError('invalid-arguments', 'Type a message or attach a file first.');
    const conversation = this.deps.store.summary(conversationId);
    // A message a tool's view wrote keeps its origin, so the conversation shows whose words they are.
    const message = this.deps.store.append(conversationId, {
      role: 'user',
      content,
      ...(origin ? { origin } : {}),
    });
    this.deps.emit({ type: 'message-saved', conversationId, message });
    if (conversation.messageCount === 0 && text.trim()) {
      const title = text.trim().replace(/\s+/g, ' ').slice(0, TITLE_LENGTH);
      this.deps.emit({
        type: 'conversation-updated',
        conversation: this.deps.store.rename(conversationId, title),
      });
    }
    return this.startTurn(conversationId);
  }

  /**
   * Issue 22: a server's prompt run from the composer. Its messages are stored, marked with their
   * origin; a prompt that ends with the user's turn is answered at once, one that ends with an
   * assistant message waits for the user's next message (the builder never sends a prefill).
   */
  insertPrompt(
    conversationId: string,
    origin: PromptOrigin,
    prompt: readonly PromptMessage[],
  ): { turnId: string | null } {
    this.assertIdle(conversationId);
    const messages = promptMessages(prompt);
    if (messages.length === 0)
      throw new LenaError(
        'invalid-arguments',
        `The prompt "${origin.prompt}" of ${origin.server} returned no messages.`,
      );
    for (const m of messages) {
      const message = this.deps.store.append(conversationId, { ...m, origin });
      this.deps.emit({ type: 'message-saved', conversationId, message });
    }
    this.emitConversation(conversationId);
    return {
      turnId:
        messages[messages.length - 1].role === 'user'
          ? this.startTurn(conversationId).turnId
          : null,
    };
  }

  /** Replaces the last answer: everything after the last prompt is kept only as a superseded branch. */
  regenerate(conversationId: string): { turnId: string; done: Promise<TurnOutcome> } {
    this.assertIdle(conversationId);
    const messages = this.deps.store
      .get(conversationId)
      .messages.filter((m) => m.status !== 'superseded');
    const lastPrompt = [...messages]
      .reverse()
      .find((m) => m.role === 'user' && m.content.some((b) => b.type !== 'tool_result'));
    if (!lastPrompt) throw new LenaError('conflict', 'There is no message to answer again yet.');
    this.deps.store.supersedeFrom(conversationId, lastPrompt.seq + 1);
    this.history.forget(conversationId);
    this.emitConversation(conversationId);
    return this.startTurn(conversationId);
  }

  /** Edits an earlier user message and resends from there; later messages become a superseded branch. */
  edit(
    conversationId: string,
    messageId: string,
    text: string,
  ): { turnId: string; done: Promise<TurnOutcome> } {
    this.assertIdle(conversationId);
    const original = this.deps.store.message(messageId);
    if (original.conversationId !== conversationId || original.role !== 'user') {
      throw new LenaError(
        'invalid-arguments',
        'Only your own messages in this conversation can be edited.',
      );
    }
    const kept = original.content.filter((b) => b.type !== 'text');
    this.deps.store.supersedeFrom(conversationId, original.seq);
    this.history.forget(conversationId);
    const message = this.deps.store.append(conversationId, {
      role: 'user',
      content: [...userContent(text, []), ...kept],
    });
    this.deps.emit({ type: 'message-saved', conversationId, message });
    this.emitConversation(conversationId);
    return this.startTurn(conversationId);
  }

  /** Makes a kept branch (an earlier Edit or Regenerate) current; the next turn continues it. */
  switchBranch(conversationId: string, messageId: string): void {
    this.assertIdle(conversationId);
    this.deps.store.switchBranch(conversationId, messageId);
    this.history.forget(conversationId);
    this.emitConversation(conversationId);
  }

  /** Stop: aborts the stream, cancels tool calls in flight and pending permission requests. */
  stop(conversationId: string): boolean {
    const turn = this.active.get(conversationId);
    if (!turn) return false;
    turn.abort.abort(new Error('Stopped by the user'));
    return true;
  }

  /** Cancels one running tool call (the card's Cancel button); the turn goes on. */
  cancelTool(toolUseId: string): boolean {
    const controller = this.calls.get(toolUseId);
    if (!controller) return false;
    controller.abort(new Error('Cancelled by the user'));
    return true;
  }

  /**
   * Issue 19: after a restart, the tasks the previous Lena waited for show on their cards again
   * and are followed to their results (the window calls this once at start).
   */
  resumeTasks(): Promise<void> {
    const tasks = this.deps.tools.tasks;
    if (!tasks) return Promise.resolve();
    return resumeWaitingTasks({
      store: this.deps.store,
      emit: this.deps.emit,
      tasks,
      registerCall: (id, c) => this.registerCall(id, c),
    });
  }

  /** "Continue with the result": a task's late result goes to the model as a new turn. */
  continueWithTaskResult(
    conversationId: string,
    toolUseId: string,
  ): { turnId: string; done: Promise<TurnOutcome> } {
    this.assertIdle(conversationId);
    storeLateResult(
      this.deps.store,
      this.deps.emit,
      conversationId,
      toolUseId,
      this.deps.resultLimits,
    );
    return this.startTurn(conversationId);
  }

  private registerCall(id: string, controller: AbortController): () => void {
    this.calls.set(id, controller);
    return () => this.calls.delete(id);
  }

  /**
   * For a conversation too long for the context: a new conversation whose first message is a
   * summary of this one (written by the model when it can, else an excerpt). The old one stays.
   */
  async continueWithSummary(conversationId: string): Promise<{ id: string; usedModel: boolean }> {
    const created = await startFromSummary(
      this.deps,
      conversationId,
      this.turnSettings(conversationId),
    );
    this.emitConversation(created.id);
    return created;
  }

  /** The settings of a turn: the conversation's own model (picked in the window) unless fixed for this run. */
  private turnSettings(conversationId: string): ChatSettings {
    const settings = this.deps.settings();
    const picked = this.deps.store.summary(conversationId).model;
    return picked && !settings.modelFixed ? { ...settings, model: picked } : settings;
  }

  /** The models the endpoint lists (Models API, cached; the built-in table offline or without a key). */
  async listModels(): Promise<ModelLimits[]> {
    const settings = this.deps.settings();
    const apiKey = await this.deps.apiKey().catch(() => undefined);
    if (!apiKey) return [...BUILT_IN_MODELS];
    return this.models.list(await anthropicClient(settings, apiKey), settings.baseUrl ?? 'default');
  }

  /** Remembers the model a conversation talks to from now on. */
  setModel(conversationId: string, model: string): void {
    const conversation = this.deps.store.setModel(conversationId, model);
    this.deps.emit({ type: 'conversation-updated', conversation });
  }

  /**
   * Flips one of the conversation's own tool switches (issue 16): a server, or one tool by its
   * qualified name. The next request follows; so does a turn's next round.
   */
  setTools(conversationId: string, change: ToolSwitchChange): void {
    const current = this.deps.store.summary(conversationId).tools;
    const tool = change.tool === undefined ? undefined : this.deps.registry.resolve(change.tool);
    if (change.tool !== undefined && (!tool || tool.server !== change.server)) {
      throw new LenaError(
        'not-found',
        `${change.server} has no tool named ${change.tool} now; reopen the tools menu to see its current tools.`,
      );
    }
    const conversation = this.deps.store.setTools(
      conversationId,
      applyToolSwitch(current, change, tool?.enabled),
    );
    this.deps.emit({ type: 'conversation-updated', conversation });
  }

  /** Whether a tool is on in this conversation, read afresh (the user may flip a switch mid-turn). */
  private toolSwitch(conversationId: string): (tool: RegisteredTool) => boolean {
    const choice = this.deps.store.summary(conversationId).tools;
    return (tool) => toolOn(tool, choice);
  }

  /** For a conversation too big for the model: older tool results are no longer sent (see compact.ts). */
  dropOldToolResults(conversationId: string): { dropped: number; bytes: number } {
    this.assertIdle(conversationId);
    const outcome = dropOldToolResults(this.deps.store, conversationId);
    this.history.forget(conversationId);
    this.emitConversation(conversationId);
    return outcome;
  }

  /** Quit: no new turns; running turns are stopped and awaited. */
  async shutdown(): Promise<void> {
    this.accepting = false;
    const turns = [...this.active.values()];
    // H13: DetachFromTask leaves server tasks running (no tasks/cancel): the next start follows them.
    for (const t of turns) t.abort.abort(new DetachFromTask('Lena is quitting'));
    // Tasks followed again after a restart run outside any turn (task-resume.ts): detached too.
    for (const c of this.calls.values()) c.abort(new DetachFromTask('Lena is quitting'));
    await Promise.allSettled(turns.map((t) => t.done));
    // A refusal of tool search just recorded is on disk before Lena goes.
    await this.toolSearch.saved();
  }

  private assertIdle(conversationId: string): void {
    if (!this.accepting)
      throw new LenaError('unavailable', 'Lena is quitting; no new turns are started.');
    if (this.active.has(conversationId))
      throw new LenaError(
        'conflict',
        'A turn is already running in this conversation; stop it first.',
      );
  }

  private startTurn(conversationId: string): { turnId: string; done: Promise<TurnOutcome> } {
    const turn: ActiveTurn = {
      id: randomUUID(),
      abort: new AbortController(),
      done: Promise.resolve(null as unknown as TurnOutcome),
    };
    this.active.set(conversationId, turn);
    this.deps.emit({ type: 'turn-started', conversationId, turnId: turn.id });
    turn.done = this.runTurn(conversationId, turn).finally(() =>
      this.active.delete(conversationId),
    );
    return { turnId: turn.id, done: turn.done };
  }

  private async runTurn(conversationId: string, turn: ActiveTurn): Promise<TurnOutcome> {
    const usage: Usage = {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    };
    const end = (stopReason: string | null, error: ChatErrorInfo | null): TurnOutcome => {
      if (usage.inputTokens + usage.outputTokens > 0) this.lastTurnUsage = { ...usage };
      this.deps.emit({ type: 'turn-ended', conversationId, turnId: turn.id, stopReason, error });
      this.emitConversation(conversationId);
      return { turnId: turn.id, conversationId, stopReason, error, usage };
    };
    try {
      const settings = this.turnSettings(conversationId);
      const apiKey = await this.deps.apiKey();
      if (!apiKey)
        return end(null, {
          kind: 'no-key',
          message: 'Add your Anthropic API key in Settings to start chatting.',
          action: 'open-settings',
        });
      const endpoint = endpointProblem(settings);
      if (endpoint) return end(null, { kind: 'api', message: endpoint, action: 'open-settings' });
      await this.deps.tools.whenReady(this.deps.serverWaitMs ?? 10_000);
      const client = await anthropicClient(settings, apiKey);
      const limits = await this.models.limits(
        client,
        settings.baseUrl ?? 'default',
        settings.model,
      );
      let pauses = 0;
      const search = new TurnToolSearch(this.toolSearch, settings, limits);
      for (let round = 1; round <= settings.maxRounds; round++) {
        const result = await this.streamWithRetry(
          client,
          settings,
          limits,
          conversationId,
          turn.abort.signal,
          search,
        );
        addUsage(usage, result.usage);
        if (turn.abort.signal.aborted) return end('stopped', null);
        if (result.error)
          return end(null, result.note ?? toChatError(result.error, result.requestBytes));
        if (result.stopReason === 'pause_turn' && result.message) {
          // A long server-tool turn the API paused: sent back as it is, it goes on (bounded).
          if (++pauses <= MAX_PAUSE_CONTINUATIONS) continue;
          return end(
            'pause_turn',
            this.noteOn(result, {
              kind: 'paused',
              message: `Claude paused its turn ${MAX_PAUSE_CONTINUATIONS} times in a row (long web searches); Lena stopped continuing automatically. Continue asks Claude to go on.`,
              action: 'continue',
              details: { stopReason: 'pause_turn' },
            }),
          );
        }
        const note = stopNote(result, {
          maxTokens: Math.min(settings.maxTokens, limits.maxOutputTokens),
          model: limits.displayName,
          inputTokens: result.usage.inputTokens,
        });
        if (note) return end(result.stopReason, this.noteOn(result, note));
        if (result.stopReason !== 'tool_use' || result.toolUses.length === 0 || !result.message)
          return end(result.stopReason, null);
        // Tools at scale: Lena answers its own search tool; the other uses go to the servers.
        const isWithheld =
          this.deps.isWithheld ?? withheldTools(this.deps.registry, this.deps.permissions);
        const isOn = this.toolSwitch(conversationId);
        const searched = search.answer(result.toolUses.filter(TurnToolSearch.isSearch), {
          ...this.deps,
          isWithheld,
          isOn,
          conversationId,
          messageId: result.message.id,
        });
        const serverUses = result.toolUses.filter((u) => !searched.has(u.id));
        const ran =
          serverUses.length === 0
            ? []
            : await runToolUses(
                {
                  conversationId,
                  messageId: result.message.id,
                  store: this.deps.store,
                  registry: this.deps.registry,
                  tools: this.deps.tools,
                  permissions: this.deps.permissions,
                  emit: this.deps.emit,
                  boundary: newBoundary(),
                  signal: turn.abort.signal,
                  limits: this.deps.resultLimits,
                  isOn,
                  registerCall: (id, controller) => this.registerCall(id, controller),
                },
                serverUses,
              );
        const toolResults = result.toolUses.map(
          (u) => searched.get(u.id) ?? ran[serverUses.indexOf(u)],
        );
        // Results are stored even when stopped, so the conversation stays valid for the next turn.
        const message = this.deps.store.append(conversationId, {
          role: 'user',
          content: toolResults as unknown as ContentBlock[],
        });
        this.deps.emit({ type: 'message-saved', conversationId, message });
        if (turn.abort.signal.aborted) return end('stopped', null);
      }
      return end('max_rounds', {
        kind: 'max-rounds',
        message: `Stopped after ${settings.maxRounds} rounds of tool use (the maximum set in Settings). Send a message to let Claude continue.`,
      });
    } catch (err) {
      if (turn.abort.signal.aborted) return end('stopped', null);
      return end(null, toChatError(err));
    }
  }

  /** Stores a stop note on the answer it explains (so it is still shown after a restart). */
  private noteOn(result: StreamRoundResult, note: ChatErrorInfo): ChatErrorInfo {
    if (result.message) {
      const message = this.deps.store.update(result.message.id, { error: note });
      this.deps.emit({ type: 'message-saved', conversationId: message.conversationId, message });
    }
    return note;
  }

  private async streamWithRetry(
    client: Anthropic,
    settings: ChatSettings,
    limits: ModelLimits,
    conversationId: string,
    signal: AbortSignal,
    search: TurnToolSearch,
  ) {
    const retries = this.deps.streamRetries ?? 2;
    let replaced: string[] = [];
    for (let attempt = 0; ; attempt++) {
      // A fresh boundary per request; every stored result is re-wrapped with it (untrusted.ts).
      const { params, notices, deferral } = await buildRequest({
        settings,
        stored: this.history.messages(conversationId),
        registry: this.deps.registry,
        boundary: newBoundary(),
        limits,
        // Step 2 of the tools builder: tools the user has not accepted (issue 12 item 3) stay out.
        isWithheld:
          this.deps.isWithheld ?? withheldTools(this.deps.registry, this.deps.permissions),
        // Step 1: this conversation's own switches over the global ones (issue 16).
        conversationTools: this.deps.store.summary(conversationId).tools,
        deferral: search.deferral(),
        ...(this.deps.viewContexts
          ? { viewContext: { contexts: this.deps.viewContexts, conversationId } }
          : {}),
      });
      if (attempt === 0)
        for (const message of notices) this.deps.emit({ type: 'notice', conversationId, message });
      this.deps.emit({ type: 'request-tools', conversationId, ...deferral });
      const result = await streamRound({
        client,
        params,
        conversationId,
        store: this.deps.store,
        emit: this.deps.emit,
        signal,
      });
      // An endpoint without tool search refused the request: built again with Lena's own search.
      if (result.error && !result.message && search.refusedNative(result.error, deferral)) {
        this.deps.emit({
          type: 'notice',
          conversationId,
          message:
            "This endpoint does not offer Anthropic's tool search; Lena uses its own tool search here from now on.",
        });
        attempt--;
        continue;
      }
      // An answer that arrived (whole or cut again) replaces the partial ones before it: they go
      // out of view and out of history (superseded), so their notes go too.
      if (result.message) {
        this.supersede(replaced);
        replaced = [];
      }
      // A stream that broke after it started is retried from the stored history. The partial answer
      // stays stored and shown (its text so far, with a note) until the retry's answer arrives; it
      // is never sent again: the retry ends with the user's turn (a prefill would be refused), and
      // none of its tool_use blocks ran.
      if (
        result.error &&
        result.message &&
        !signal.aborted &&
        attempt < retries &&
        isRetryableStreamError(result.error)
      ) {
        const partial = this.deps.store.update(result.message.id, {
          error: {
            kind: 'interrupted',
            message:
              'The connection broke while Claude was answering; Lena is asking again. The text so far stays until the new answer arrives.',
            retried: true,
          },
        });
        this.deps.emit({ type: 'message-saved', conversationId, message: partial });
        replaced = [partial.id];
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
        continue;
      }
      // Given up with a partial answer: its text stays, with one note that says why and offers Retry
      // (the turn ends with the same note, so the window shows it once).
      // A retry that failed before it streamed anything leaves the earlier partial answer as the one.
      const partialId = result.message?.id ?? replaced.at(-1);
      if (result.error && partialId && !signal.aborted) {
        const why = !result.message
          ? `The connection broke while Claude was answering, and asking again failed: ${toChatError(result.error).message.replace(/\.$/, '')}`
          : isRetryableStreamError(result.error)
            ? `The connection broke while Claude was answering (${(result.error as Error).message ?? 'no reason given'})${attempt > 0 ? ', and asking again did not help' : ''}`
            : `The answer stopped with an error: ${toChatError(result.error).message.replace(/\.$/, '')}`;
        const note: ChatErrorInfo = {
          kind: 'interrupted',
          message: `${why}. The text so far is kept; Retry asks again.`,
          action: 'retry',
        };
        const kept = this.deps.store.update(partialId, { error: note });
        this.deps.emit({ type: 'message-saved', conversationId, message: kept });
        return { ...result, note, requestBytes: undefined };
      }
      // Stopped while Lena was asking again: the partial answer is kept, no longer "asking again".
      for (const id of replaced) {
        const kept = this.deps.store.update(id, {
          error: { kind: 'interrupted', message: 'Stopped.' },
        });
        this.deps.emit({ type: 'message-saved', conversationId, message: kept });
      }
      // The size is said when the API found the request too large (measured only then).
      return {
        ...result,
        note: undefined,
        requestBytes: result.error ? Buffer.byteLength(JSON.stringify(params)) : undefined,
      };
    }
  }

  /** Partial answers a retry replaced: superseded, so neither the window nor history keeps them. */
  private supersede(ids: readonly string[]): void {
    for (const id of ids) {
      const message = this.deps.store.update(id, { status: 'superseded' });
      this.deps.emit({ type: 'message-saved', conversationId: message.conversationId, message });
    }
  }

  private emitConversation(conversationId: string): void {
    try {
      this.deps.emit({
        type: 'conversation-updated',
        conversation: this.deps.store.summary(conversationId),
      });
    } catch {
      // The conversation was deleted meanwhile.
    }
  }
}

function addUsage(total: Usage, add: Usage): void {
  total.inputTokens += add.inputTokens;
  total.outputTokens += add.outputTokens;
  total.cacheReadTokens += add.cacheReadTokens;
  total.cacheCreationTokens += add.cacheCreationTokens;
}

/** The user's content blocks: the text, then images and text files as image and document blocks. */
export function userContent(text: string, attachments: readonly Attachment[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const a of attachments) {
    if (a.kind === 'resource')
      blocks.push(...resourceBlocks(a)); // issue 22: an MCP resource, untrusted
    else if (a.kind === 'image')
      blocks.push({
        type: 'image',
        source: { type: 'base64', media_type: a.mimeType, data: a.data },
      });
    else
      blocks.push({
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: a.data },
        title: a.name,
      });
  }
  if (text.trim()) blocks.push({ type: 'text', text });
  return blocks;
}
