// The chat service: conversations (the store), the agent loop (the engine), the tool budget, and
// what MCP Apps views gave the model. Handlers and `lena chat -p` call these methods; the engine's
// own names are kept, so a method here reads like the channel it serves.
import type { AppModelContext } from '../../../../shared/app-view-types';
import { conversationBoundary } from '../../chat/conversation-boundary';
import { moveToProject } from '../../chat/project-move';
import type { ChatEngine } from '../../chat/engine';
import type { ChatSettings } from '../../chat/chat-settings';
import type { ConversationStore } from '../../store/conversations';
import { isAbsolute } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ProjectPrefs, ProjectPrefsChange } from '../../store/project-prefs';
import type { ProjectPrefsView } from '../../../../shared/projects';
import { projectPrefsView } from '../views/project-prefs';
import type { Runtime } from '../runtime';

type Parts = Pick<
  Runtime,
  | 'conversations'
  | 'engine'
  | 'budget'
  | 'viewContexts'
  | 'permissions'
  | 'chatSettings'
  | 'projectPrefs'
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
  /** Pin and archive reach every window's list, as a rename does. */
  setPinned(id: string, pinned: boolean) {
    return this.announced(this.store.setPinned(id, pinned));
  }
  setArchived(id: string, archived: boolean) {
    return this.announced(this.store.setArchived(id, archived));
  }
  private announced<T extends { id: string }>(conversation: T): T {
    this.engine.announce(conversation.id);
    return conversation;
  }
  /**
   * A JSON export as a new conversation in `project`. Its untrusted-data boundary is drawn here,
   * fresh: a marker carried in the file is known to whoever wrote it, so it is never kept.
   */
  importExport(content: string, project: string | null) {
    const imported = this.store.importExport(content, project);
    conversationBoundary(this.store, imported.id);
    return this.announced(imported);
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
  /**
   * A new conversation in the open project (or none), with the project's model and tool switches
   * when it has its own, else the settings' model and the global switches.
   */
  create(project: string | null, title?: string) {
    const prefs = this.parts.projectPrefs.get(project);
    return this.store.create({
      title,
      model: prefs.model ?? this.settings().model,
      project,
      tools: prefs.tools ?? null,
    });
  }
  /**
   * Moves a conversation to another project (null: none): its next turn uses that project's
   * instructions, pinned files and default tool switches (chat/project-move.ts).
   */
  move(id: string, project: string | null) {
    const prefs = (folder: string | null) => this.parts.projectPrefs.get(folder);
    return this.announced(moveToProject({ store: this.store, prefs }, id, project));
  }

  // Projects: what Lena keeps for each folder (Lena's home, never the folder).
  async projectPrefs(folder: string): Promise<ProjectPrefsView> {
    return this.prefsView(folder, this.parts.projectPrefs.get(folder));
  }
  /** The view, with whether the project's model reads PDFs (the Models API's pdf_input). */
  private async prefsView(folder: string, prefs: ProjectPrefs): Promise<ProjectPrefsView> {
    const model = prefs.model ?? this.settings().model;
    const listed = (await this.listModels().catch(() => [])).find((m) => m.id === model);
    return projectPrefsView(folder, prefs, this.settings().model, {
      id: model,
      ...(listed?.pdf === false ? { pdf: false } : {}),
    });
  }
  async setProjectPrefs(folder: string, change: ProjectPrefsChange): Promise<ProjectPrefsView> {
    for (const path of [folder, ...(change.pinned ?? [])])
      if (!isAbsolute(path))
        throw new LenaError(
          ERROR_CODE.invalidArguments,
          `"${path}" is not an absolute path; give the full path (for example /home/me/notes.md).`,
        );
    const stored = await this.parts.projectPrefs.update(folder, change);
    return this.prefsView(folder, stored);
  }
  /** Renamed: every window's list and title bar follow. */
  rename(id: string, title: string) {
    const renamed = this.store.rename(id, title);
    this.engine.announce(id);
    return renamed;
  }
  /** Stops its turn and moves it to the bin; its "allow for this conversation" grants and view contexts end. */
  delete(id: string): void {
    this.engine.stop(id);
    this.parts.permissions.endConversation(id);
    this.parts.viewContexts.forget(id);
    this.store.delete(id);
    this.engine.announce(id, true);
  }
  restore(id: string) {
    return this.announced(this.store.restore(id));
  }
  duplicate(id: string) {
    const copy = this.store.duplicate(id);
    this.engine.announce(copy.id);
    return copy;
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
  setSkill(...args: Parameters<Engine['setSkill']>): void {
    this.engine.setSkill(...args);
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
