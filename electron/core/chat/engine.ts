// The agent loop over @anthropic-ai/sdk: send, stop, regenerate, edit. A turn streams an answer,
// runs the tools it asks for (through the permission gate), sends the results back, and loops
// until the model ends its turn or the round limit is hit. Everything is stored as it happens.
import { randomUUID } from 'node:crypto';
import type { Attachment, PromptOrigin, Usage, ViewOrigin } from '../../../shared/chat/messages';
import type { TurnMeter } from '../../../shared/chat/meter';
import type { TurnStop } from '../../../shared/chat/stops';
import type { PromptMessage } from '../../../shared/mcp-types';
import { toolOn, type ToolSwitchChange } from '../../../shared/conversation-tools';
import { ERROR_CODE, errorInfo, LenaError, type ErrorInfo } from '../../../shared/result';
import type { RegisteredTool } from '../mcp/registry/registry';
import { DetachFromTask } from '../mcp/tasks/follow';
import { toChatError } from './api-errors';
import { anthropicClient, endpointProblem, type ChatSettings } from './chat-settings';
import { dropOldToolResults } from './compact';
import type { ChatEngineDeps } from './engine-deps';
import { HistoryCache } from './history-cache';
import { rotateIfEchoed } from './conversation-boundary';
import { switchSkill, switchTool } from './conversation-switches';
import { TurnCount } from './meter';
import { BUILT_IN_MODELS, ModelCatalog, type ModelLimits } from './models';
import { withInstructions, withProjectFiles, withPinnedPrompt } from './project-context';
import { promptMessages, promptTitle } from './prompt-messages';
import { stopNote } from './stop-reasons';
import type { StreamRoundResult } from './stream-round';
import { answerToolUses } from './round-tools';
import { streamWithRetry } from './stream-retry';
import { startFromSummary } from './summary';
import { describeTool, resumeWaitingTasks, storeLateResult } from './task-resume';
import { resumeDelegations } from './agent-resume';
import { ToolSearchSupport } from './tool-search/support';
import { TurnToolSearch } from './tool-search/turn';
import { userContent } from './user-content';

/** pause_turn continues automatically, this many times in a row at most. */
export const MAX_PAUSE_CONTINUATIONS = 5;

export interface TurnOutcome {
  turnId: string;
  conversationId: string;
  stopReason: string | null;
  /** The turn failed (never together with a stop). */
  error: ErrorInfo | null;
  /** The turn ended without a finished answer: refusal, max tokens, context window, paused… */
  stop: TurnStop | null;
  usage: Usage;
  /** The turn priced (issue 36); absent when no request was sent. */
  meter?: TurnMeter;
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
  /** The tools of each conversation's last request, to count rewrites of the cached tools prefix. */
  private readonly toolsKeys = new Map<string, string>();
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
      throw new LenaError(ERROR_CODE.invalidArguments, 'Type a message or attach a file first.');
    const conversation = this.deps.store.summary(conversationId);
    // A message a tool's view wrote keeps its origin, so the conversation shows whose words they are.
    const message = this.deps.store.append(conversationId, {
      role: 'user',
      content: withProjectFiles(this.deps, conversationId, content),
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
        ERROR_CODE.invalidArguments,
        `The prompt "${origin.prompt}" of ${origin.server} returned no messages.`,
      );
    const conversation = this.deps.store.summary(conversationId);
    const first = conversation.messageCount === 0;
    const project = this.deps.project?.(conversation.project);
    for (const m of withPinnedPrompt(this.deps.store, conversation, project, messages)) {
      const message = this.deps.store.append(conversationId, { ...m, origin });
      this.deps.emit({ type: 'message-saved', conversationId, message });
    }
    // Started from a prompt: titled by the prompt's first words, as a typed first message would be.
    if (first) this.deps.store.rename(conversationId, promptTitle(origin, prompt, TITLE_LENGTH));
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
    if (!lastPrompt)
      throw new LenaError(ERROR_CODE.conflict, 'There is no message to answer again yet.');
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
        ERROR_CODE.invalidArguments,
        'Only your own messages in this conversation can be edited.',
      );
    }
    const kept = original.content.filter((b) => b.type !== 'text');
    this.deps.store.supersedeFrom(conversationId, original.seq);
    this.history.forget(conversationId);
    const message = this.deps.store.append(conversationId, {
      role: 'user',
      content: withProjectFiles(this.deps, conversationId, [...userContent(text, []), ...kept]),
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

  /** After a restart, tasks and delegations Lena waited for are shown and followed again (once). */
  resumeTasks(): Promise<void> {
    const tasks = this.deps.tools.tasks;
    const { agents, store, emit, gate } = this.deps;
    const registerCall = (id: string, c: AbortController) => this.registerCall(id, c);
    const delegations = agents
      ? resumeDelegations({ agents, store, emit, gate, registerCall })
      : null;
    const following = tasks
      ? resumeWaitingTasks({
          store,
          emit,
          tasks,
          gate,
          describe: describeTool(this.deps.registry, this.deps.tools),
          registerCall,
        })
      : null;
    return Promise.all([following, delegations]).then(() => undefined);
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

  /** A turn's settings: the conversation's model (unless fixed), its project's instructions. */
  private turnSettings(conversationId: string): ChatSettings {
    const base = this.deps.settings();
    const { model: picked, project } = this.deps.store.summary(conversationId);
    const instructions = this.deps.project?.(project)?.instructions;
    const settings = instructions
      ? { ...base, systemPrompt: withInstructions(base.systemPrompt, instructions) }
      : base;
    return picked && !settings.modelFixed ? { ...settings, model: picked } : settings;
  }

  /** The models the endpoint lists (Models API, cached; the built-in table offline or without a key). */
  async listModels(): Promise<ModelLimits[]> {
    const settings = this.deps.settings();
    const apiKey = await this.deps.apiKey().catch(() => undefined);
    if (!apiKey) return [...BUILT_IN_MODELS];
    return this.models.list(await anthropicClient(settings, apiKey), settings.baseUrl ?? 'default');
  }

  /** Tells every window a conversation's list entry changed (renamed elsewhere, a new copy) or went. */
  announce(conversationId: string, removed = false): void {
    if (removed) this.deps.emit({ type: 'conversation-removed', conversationId });
    else this.emitConversation(conversationId);
  }

  /** Remembers the model a conversation talks to from now on. */
  setModel(conversationId: string, model: string): void {
    this.deps.store.setModel(conversationId, model);
    this.emitConversation(conversationId);
  }

  /** Flips one of the conversation's own tool switches: a server or one tool (issue 16). */
  setTools(conversationId: string, change: ToolSwitchChange): void {
    switchTool(this.deps, conversationId, change);
  }

  /** Switches a skill on or off in this conversation only. */
  setSkill(conversationId: string, name: string, on: boolean): void {
    switchSkill(this.deps, conversationId, name, on);
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
      throw new LenaError(ERROR_CODE.unavailable, 'Lena is quitting; no new turns are started.');
    if (this.active.has(conversationId))
      throw new LenaError(
        ERROR_CODE.conflict,
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

  // A function over 80 lines: the loop's every way out (no key, a stop, an error, Stop, the round
  // limit) goes through the one `end`, which reports the turn once; split up, each part would need it.
  private async runTurn(conversationId: string, turn: ActiveTurn): Promise<TurnOutcome> {
    const count = new TurnCount(this.toolsKeys.get(conversationId));
    const usage = count.usage;
    const end = (
      stopReason: string | null,
      error: ErrorInfo | null,
      stop: TurnStop | null = null,
    ): TurnOutcome => {
      if (usage.inputTokens + usage.outputTokens > 0) this.lastTurnUsage = { ...usage };
      if (count.lastKey !== undefined) this.toolsKeys.set(conversationId, count.lastKey);
      const meter = count.record(this.deps.store, conversationId);
      const event = { conversationId, turnId: turn.id, stopReason, error, stop };
      this.deps.emit({ type: 'turn-ended', ...event, ...(meter ? { meter } : {}) });
      this.emitConversation(conversationId);
      return { ...event, usage, ...(meter ? { meter } : {}) };
    };
    try {
      const settings = this.turnSettings(conversationId);
      const apiKey = await this.deps.apiKey();
      if (!apiKey)
        return end(
          null,
          errorInfo(
            ERROR_CODE.noApiKey,
            'Add your Anthropic API key in Settings to start chatting.',
            { action: 'open-settings' },
          ),
        );
      const endpoint = endpointProblem(settings);
      if (endpoint)
        return end(null, errorInfo(ERROR_CODE.apiError, endpoint, { action: 'open-settings' }));
      await this.deps.tools.whenReady(this.deps.serverWaitMs ?? 10_000);
      const client = await anthropicClient(settings, apiKey);
      const limits = await this.models.limits(
        client,
        settings.baseUrl ?? 'default',
        settings.model,
      );
      count.priced = {
        model: settings.model,
        contextLimit: limits.maxInputTokens,
        prices: settings.prices,
      };
      let pauses = 0;
      const search = new TurnToolSearch(this.toolSearch, settings, limits);
      for (let round = 1; round <= settings.maxRounds; round++) {
        const result = await streamWithRetry(
          { deps: this.deps, history: this.history },
          client,
          settings,
          limits,
          conversationId,
          turn.abort.signal,
          search,
        );
        count.add(result.usage, result.toolsKey);
        if (result.message && !result.error)
          rotateIfEchoed(this.deps.store, this.deps.emit, conversationId, result.message.content);
        if (turn.abort.signal.aborted) return end('stopped', null);
        if (result.error)
          return end(null, result.note ?? toChatError(result.error, result.requestBytes));
        if (result.stopReason === 'pause_turn' && result.message) {
          // A long server-tool turn the API paused: sent back as it is, it goes on (bounded).
          if (++pauses <= MAX_PAUSE_CONTINUATIONS) continue;
          return end(
            'pause_turn',
            null,
            this.stopOn(result, {
              kind: 'paused',
              stopReason: 'pause_turn',
              message: `Claude paused its turn ${MAX_PAUSE_CONTINUATIONS} times in a row (long web searches); Lena stopped continuing automatically. Continue asks Claude to go on.`,
            }),
          );
        }
        const stop = stopNote(result, {
          maxTokens: Math.min(settings.maxTokens, limits.maxOutputTokens),
          model: limits.displayName,
          inputTokens: result.usage.inputTokens,
        });
        if (stop) return end(result.stopReason, null, this.stopOn(result, stop));
        if (result.stopReason !== 'tool_use' || result.toolUses.length === 0 || !result.message)
          return end(result.stopReason, null);
        await answerToolUses(
          {
            deps: this.deps,
            conversationId,
            isOn: this.toolSwitch(conversationId),
            signal: turn.abort.signal,
            registerCall: (id, controller) => this.registerCall(id, controller),
          },
          search,
          result.message.id,
          result.toolUses,
        );
        if (turn.abort.signal.aborted) return end('stopped', null);
      }
      return end(
        'max_rounds',
        errorInfo(
          ERROR_CODE.maxRounds,
          `Stopped after ${settings.maxRounds} rounds of tool use (the maximum set in Settings). Send a message to let Claude continue.`,
        ),
      );
    } catch (err) {
      if (turn.abort.signal.aborted) return end('stopped', null);
      return end(null, toChatError(err));
    }
  }

  /** Stores a stop on the answer it explains (so it is still shown after a restart). */
  private stopOn(result: StreamRoundResult, stop: TurnStop): TurnStop {
    if (result.message) {
      const message = this.deps.store.update(result.message.id, { stop });
      this.deps.emit({ type: 'message-saved', conversationId: message.conversationId, message });
    }
    return stop;
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
