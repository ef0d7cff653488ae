// The chat service: conversations (the store), the agent loop (the engine), the tool budget, and
// what MCP Apps views gave the model. Handlers and `lena chat -p` call these methods; the engine's
// own names are kept, so a method here reads like the channel it serves.
import type { AppModelContext } from '../../../../shared/app-view-types';
import { conversationBoundary } from '../../chat/conversation-boundary';
import type { ChatEngine } from '../../chat/engine';
import type { ChatSettings } from '../../chat/chat-settings';
import type { ConversationStore } from '../../store/conversations';
import type { Runtime } from '../runtime';

type Parts = Pick<
  Runtime,
  'conversations' | 'engine' | 'budget' | 'viewContexts' | 'permissions' | 'chatSettings'
>;
type Engine = ChatEngine;
type Store = ConversationStore;

export class ChatService {
  constructor(private readonly parts: Parts) {}

  private get store(): Store {
    return this.parts.conversations.store;
  }
  private get engine(): Engine {
    return this.parts.engine;
  }

  settings(): ChatSettings {
    return this.parts.chatSettings();
  }

  // Conversations.
  /** The list (archived ones too when asked, flagged). */
  list(includeArchived = false) {
    return this.store.list({ archived: includeArchived ? 'include' : 'exclude' });
  }
  setPinned(id: string, pinned: boolean) {
    return this.store.setPinned(id, pinned);
  }
  setArchived(id: string, archived: boolean) {
    return this.store.setArchived(id, archived);
  }
  /**
   * A JSON export as a new conversation in `project`. Its untrusted-data boundary is drawn here,
   * fresh: a marker carried in the file is known to whoever wrote it, so it is never kept.
   */
  importExport(content: string, project: string | null) {
    const imported = this.store.importExport(content, project);
    conversationBoundary(this.store, imported.id);
    return imported;
  }
  /** A conversation with its messages (all, or the last `limit`) and its branches. */
  get(id: string, limit?: number) {
    // Branch switchers need the whole tree, not only the page shown.
    if (limit === undefined) return { ...this.store.get(id), branches: this.store.branches(id) };
    return {
      ...this.store.summary(id),
      ...this.store.page(id, limit),
      branches: this.store.branches(id),
    };
  }
  summary(id: string) {
    return this.store.summary(id);
  }
  page(id: string, limit: number, beforeSeq?: number) {
    return this.store.page(id, limit, beforeSeq);
  }
  /** A new conversation with the current model, in the open project (or none). */
  create(project: string | null, title?: string) {
    return this.store.create({ title, model: this.settings().model, project });
  }
  rename(id: string, title: string) {
    return this.store.rename(id, title);
  }
  /** Stops its turn and moves it to the bin; its "allow for this conversation" grants and view contexts end. */
  delete(id: string): void {
    this.engine.stop(id);
    this.parts.permissions.endConversation(id);
    this.parts.viewContexts.forget(id);
    this.store.delete(id);
  }
  restore(id: string) {
    return this.store.restore(id);
  }
  duplicate(id: string) {
    return this.store.duplicate(id);
  }
  search(query: string) {
    return this.store.search(query);
  }
  export(...args: Parameters<Store['export']>) {
    return this.store.export(...args);
  }
  toolCall(conversationId: string, toolUseId: string) {
    return this.store.toolCall(conversationId, toolUseId);
  }

  // Turns.
  send(...args: Parameters<Engine['send']>) {
    return this.engine.send(...args);
  }
  stop(conversationId: string): boolean {
    return this.engine.stop(conversationId);
  }
  regenerate(conversationId: string) {
    return this.engine.regenerate(conversationId);
  }
  edit(...args: Parameters<Engine['edit']>) {
    return this.engine.edit(...args);
  }
  cancelTool(toolUseId: string): boolean {
    return this.engine.cancelTool(toolUseId);
  }
  continueWithTaskResult(...args: Parameters<Engine['continueWithTaskResult']>) {
    return this.engine.continueWithTaskResult(...args);
  }
  /** A new conversation seeded with a summary of `id`; returns its summary row. */
  async continueWithSummary(id: string) {
    const created = await this.engine.continueWithSummary(id);
    return this.store.summary(created.id);
  }
  insertPrompt(...args: Parameters<Engine['insertPrompt']>) {
    return this.engine.insertPrompt(...args);
  }
  listModels() {
    return this.engine.listModels();
  }
  setModel(conversationId: string, model: string): void {
    this.engine.setModel(conversationId, model);
  }
  setTools(...args: Parameters<Engine['setTools']>): void {
    this.engine.setTools(...args);
  }
  dropOldToolResults(conversationId: string) {
    return this.engine.dropOldToolResults(conversationId);
  }
  switchBranch(conversationId: string, messageId: string): void {
    this.engine.switchBranch(conversationId, messageId);
  }
  /** Follows again the tasks a previous Lena was waiting for (once the servers are configured). */
  resumeTasks(): Promise<void> {
    return this.engine.resumeTasks();
  }

  /** Refuses new turns at once; resolves when the running ones have ended (quitting). */
  shutdown(): Promise<void> {
    return this.engine.shutdown();
  }
  /** Closes the conversation database (the last quit step). */
  closeStore(): void {
    this.parts.conversations.close();
  }

  /** The tool budget of a conversation's switches (or the global ones), with the last turn's usage. */
  budget(conversationId?: string) {
    // A conversation gone meanwhile (purged) counts the global switches rather than failing.
    let tools;
    try {
      tools = conversationId ? this.store.summary(conversationId).tools : undefined;
    } catch {
      tools = undefined;
    }
    return this.parts.budget.compute(this.engine.lastTurnUsage, tools);
  }

  /** What MCP Apps views of a conversation gave the model, as the window shows it. */
  viewContexts(conversationId: string): AppModelContext[] {
    return this.parts.viewContexts
      .list(conversationId)
      .map(({ tool, ...context }) => (void tool, context));
  }
}
