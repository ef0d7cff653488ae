// Conversations and their messages. The agent loop writes through this as a turn streams: the user
// message before the request, each completed block as it completes, the final status at the end,
// so a crash loses at most the block in flight (see recoverInterrupted).
import { randomUUID } from 'node:crypto';
import type {
  BranchInfo,
  Conversation,
  ConversationTools,
  SearchHit,
} from '../../../shared/chat/conversations';
import type { ChatMessage, ContentBlock } from '../../../shared/chat/messages';
import type { ConversationMeter } from '../../../shared/chat/meter';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { PINNED_CONTEXT, pinnedKey } from '../../../shared/projects';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { branchInfo, fixParents, switchBranch } from './branches';
import type { LenaDatabase } from './database';
import { exportConversation, type ExportFormat, type ExportOptions } from './export';
import { parseConversationExport } from './import';
import {
  appendBlock,
  appendMessage,
  getMessage,
  markInterruptedMessages,
  mustChange,
  supersedeFrom,
  updateMessage,
  type MessagePatch,
  type NewMessage,
} from './messages';
import {
  toConversation,
  toMessage,
  type ConversationRecord,
  type ConversationRow,
  type MessageDbRow,
} from './rows';
import { searchMessages } from './search';
import { messagePage, type MessagePage } from './paging';
import { endSession, forgetDeadSessions, startSession } from './sessions';
import {
  cancelInterruptedToolCalls,
  getToolCall,
  listToolCalls,
  upsertToolCall,
  type ToolCallUpsert,
} from './tool-calls';

export type { MessagePatch, NewMessage } from './messages';
export type { ConversationRecord } from './rows';
export type { ToolCallUpsert } from './tool-calls';

export const DEFAULT_TITLE = 'New conversation';

export interface NewConversation {
  title?: string;
  model?: string | null;
  project?: string | null;
  /** Tool switches of its own (a duplicate keeps its source's). */
  tools?: ConversationTools | null;
}

const SUMMARY = `SELECT c.*, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.status != 'superseded') AS message_count
  FROM conversations c`;

export class ConversationStore {
  /** This process's writer session: rows it leaves half-done are recovered only once it is gone. */
  readonly sessionId: string;

  constructor(
    readonly db: LenaDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.sessionId = startSession(db);
  }

  /** Ends this writer session (call before closing the database). */
  endSession(): void {
    endSession(this.db, this.sessionId);
  }

  create(input: NewConversation = {}): ConversationRecord {
    const id = randomUUID();
    const t = this.now();
    this.db.run(
      'INSERT INTO conversations (id, title, created_at, updated_at, model, project, tools) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      input.title?.trim() || DEFAULT_TITLE,
      t,
      t,
      input.model ?? null,
      input.project ?? null,
      input.tools ? JSON.stringify(input.tools) : null,
    );
    return this.summary(id);
  }

  /** The conversation's summary; throws not-found for an unknown id (deleted ones included). */
  summary(id: string): ConversationRecord {
    const row = this.db.prepare(`${SUMMARY} WHERE c.id = ?`).get(id) as ConversationRow | undefined;
    if (!row) throw new LenaError(ERROR_CODE.notFound, `Conversation ${id} does not exist.`);
    return toConversation(row);
  }

  /**
   * Conversations not in the trash nor archived, most recently updated first (pinned ones are
   * flagged; the window puts them on top). `archived`: 'include' adds the archived ones (flagged),
   * 'only' lists just those.
   */
  list(
    options: { includeDeleted?: boolean; archived?: 'exclude' | 'include' | 'only' } = {},
  ): ConversationRecord[] {
    const where = [
      options.includeDeleted ? '' : 'c.deleted_at IS NULL',
      options.archived === 'include'
        ? ''
        : options.archived === 'only'
          ? 'c.archived_at IS NOT NULL'
          : 'c.archived_at IS NULL',
    ].filter(Boolean);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return (
      this.db
        .prepare(`${SUMMARY} ${clause} ORDER BY c.updated_at DESC, c.rowid DESC`)
        .all() as unknown as ConversationRow[]
    ).map(toConversation);
  }

  /** Pins it on top of the list or unpins it; a place in the list, not activity. */
  setPinned(id: string, pinned: boolean): ConversationRecord {
    mustChange(
      this.db.run(
        'UPDATE conversations SET pinned_at = ? WHERE id = ?',
        pinned ? this.now() : null,
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /** Archives it (out of the list, still found by search) or brings it back; not activity. */
  setArchived(id: string, archived: boolean): ConversationRecord {
    mustChange(
      this.db.run(
        'UPDATE conversations SET archived_at = ? WHERE id = ?',
        archived ? this.now() : null,
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /** The conversation with its messages (in order) and tool calls; superseded branches only on request. */
  get(
    id: string,
    options: { includeSuperseded?: boolean } = {},
  ): Conversation & ConversationRecord {
    const summary = this.summary(id);
    const filter = options.includeSuperseded ? '' : "AND status != 'superseded'";
    const rows = this.db
      .prepare(`SELECT * FROM messages WHERE conversation_id = ? ${filter} ORDER BY seq`)
      .all(id) as unknown as MessageDbRow[];
    return {
      ...summary,
      messages: rows.map(toMessage),
      toolCalls: listToolCalls(this.db, id, options.includeSuperseded ?? false),
    };
  }

  /** The newest `limit` messages (or those before `beforeSeq`), for opening a long conversation. */
  page(id: string, limit: number, beforeSeq?: number): MessagePage {
    this.summary(id);
    return messagePage(this.db, id, limit, beforeSeq);
  }

  /**
   * Moves the conversation to another project folder (null: to no project). A real move leaves
   * the new project's pinned files due for the next turn (pinnedDue).
   */
  setProject(id: string, project: string | null): ConversationRecord {
    mustChange(
      this.db.run(
        'UPDATE conversations SET pinned_due = (pinned_due OR project IS NOT ?), project = ? WHERE id = ?',
        project,
        project,
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /** True from a move to another project until a turn has given that project's pinned files. */
  pinnedDue(id: string): boolean {
    const row = this.db.prepare('SELECT pinned_due FROM conversations WHERE id = ?').get(id) as
      { pinned_due: number } | undefined;
    if (!row) throw new LenaError(ERROR_CODE.notFound, `Conversation ${id} does not exist.`);
    return row.pinned_due === 1;
  }

  /** The next turn has given the project's pinned files (or there were none to give). */
  clearPinnedDue(id: string): void {
    this.db.run('UPDATE conversations SET pinned_due = 0 WHERE id = ?', id);
  }

  /** The pinned files the current branch holds, by name and text (shared/projects.ts pinnedKey). */
  pinnedHeld(id: string): Set<string> {
    const keys = new Set<string>();
    // Only the user turns that hold one are read (a long conversation has few of them).
    const rows = this.db
      .prepare(
        `SELECT content FROM messages WHERE conversation_id = ? AND role = 'user' AND status != 'superseded' AND instr(content, ?) > 0`,
      )
      .all(id, PINNED_CONTEXT) as { content: string }[];
    for (const row of rows) {
      for (const block of JSON.parse(row.content) as ContentBlock[]) {
        const key = pinnedKey(block);
        if (key !== null) keys.add(key);
      }
    }
    return keys;
  }

  /**
   * Runs a change of the current branch (Edit, a switch): pinned files the branch no longer holds
   * are due again, so the next turn gives the project's files the conversation lost with it.
   */
  private keepingPinned<T>(id: string, change: () => T): T {
    const before = this.pinnedHeld(id);
    const out = change();
    if (before.size === 0) return out;
    const after = this.pinnedHeld(id);
    if ([...before].some((key) => !after.has(key)))
      this.db.run('UPDATE conversations SET pinned_due = 1 WHERE id = ?', id);
    return out;
  }

  /** The model this conversation talks to (the model picker); later turns use it. */
  setModel(id: string, model: string): ConversationRecord {
    mustChange(
      this.db.run(
        'UPDATE conversations SET model = ?, updated_at = ? WHERE id = ?',
        model,
        this.now(),
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /**
   * This conversation's own tool switches (issue 16); null goes back to the global switches. A
   * setting, not activity: the conversation keeps its place in the list.
   */
  setTools(id: string, tools: ConversationTools | null): ConversationRecord {
    mustChange(
      this.db.run(
        'UPDATE conversations SET tools = ? WHERE id = ?',
        tools ? JSON.stringify(tools) : null,
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /**
   * The conversation's untrusted-data boundary (chat/untrusted.ts): null until its first request.
   * Never part of the summary, an export or a copy: a duplicate draws its own.
   */
  boundary(id: string): string | null {
    const row = this.db.prepare('SELECT boundary FROM conversations WHERE id = ?').get(id) as
      { boundary: string | null } | undefined;
    if (!row) throw new LenaError(ERROR_CODE.notFound, `Conversation ${id} does not exist.`);
    return row.boundary;
  }

  /** Every conversation's boundary drawn so far, to check what leaves Lena against them. */
  boundaries(): { id: string; boundary: string }[] {
    return this.db
      .prepare('SELECT id, boundary FROM conversations WHERE boundary IS NOT NULL')
      .all() as { id: string; boundary: string }[];
  }

  /** Sets the boundary (drawn on the first request, or rotated after the model repeated it). */
  setBoundary(id: string, boundary: string): void {
    mustChange(
      this.db.run('UPDATE conversations SET boundary = ? WHERE id = ?', boundary, id).changes,
      id,
    );
  }

  /** The meter after a turn (chat/meter.ts computes it); not activity for the list's order. */
  setMeter(id: string, meter: ConversationMeter): ConversationRecord {
    mustChange(
      this.db.run('UPDATE conversations SET meter = ? WHERE id = ?', JSON.stringify(meter), id)
        .changes,
      id,
    );
    return this.summary(id);
  }

  rename(id: string, title: string): ConversationRecord {
    const clean = title.trim();
    if (!clean)
      throw new LenaError(ERROR_CODE.invalidArguments, 'A conversation title cannot be empty.');
    mustChange(
      this.db.run(
        'UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?',
        clean,
        this.now(),
        id,
      ).changes,
      id,
    );
    return this.summary(id);
  }

  /** Moves the conversation to the trash (restore undoes it; purge removes it for good). */
  delete(id: string): void {
    mustChange(
      this.db.run(
        'UPDATE conversations SET deleted_at = coalesce(deleted_at, ?) WHERE id = ?',
        this.now(),
        id,
      ).changes,
      id,
    );
  }

  restore(id: string): ConversationRecord {
    mustChange(
      this.db.run('UPDATE conversations SET deleted_at = NULL WHERE id = ?', id).changes,
      id,
    );
    return this.summary(id);
  }

  /** Removes a conversation with its messages and tool calls. */
  purge(id: string): void {
    this.db.run('DELETE FROM conversations WHERE id = ?', id);
  }

  /** Removes conversations trashed before `before` (ms since epoch); returns how many. */
  purgeDeleted(before: number): number {
    return Number(
      this.db.run(
        'DELETE FROM conversations WHERE deleted_at IS NOT NULL AND deleted_at < ?',
        before,
      ).changes,
    );
  }

  /**
   * Copies the conversation's current branch (messages up to `upToSeq` when given) and its tool
   * calls into a new conversation that remembers where it came from.
   */
  duplicate(id: string, options: { title?: string; upToSeq?: number } = {}): ConversationRecord {
    const source = this.get(id);
    const messages = source.messages.filter(
      (m) => options.upToSeq === undefined || m.seq <= options.upToSeq,
    );
    return this.db.transaction(() => {
      const copy = this.create({
        title: options.title ?? `${source.title} (copy)`,
        model: source.model,
        project: source.project,
        tools: source.tools ?? null,
      });
      const lastSeq = messages.length > 0 ? messages[messages.length - 1].seq : null;
      this.db
        .prepare(
          // A copy made between a move and the next turn still gets the new project's files.
          'UPDATE conversations SET parent_id = ?, branch_from_seq = ?, pinned_due = (SELECT pinned_due FROM conversations WHERE id = ?) WHERE id = ?',
        )
        .run(id, lastSeq, id, copy.id);
      const newIds = new Map<string, string>();
      for (const m of messages) {
        const copied = this.append(copy.id, { ...m, id: undefined });
        newIds.set(m.id, copied.id);
      }
      for (const call of source.toolCalls) {
        const messageId = newIds.get(call.messageId);
        if (messageId)
          upsertToolCall(this.db, { ...call, conversationId: copy.id, messageId }, this.sessionId);
      }
      return this.summary(copy.id);
    });
  }

  /**
   * A new conversation from a JSON export (import.ts checks every field). It gets new ids and no
   * project, tool switches, meter or boundary of the file's: the chat service draws a boundary.
   */
  importExport(text: string, project: string | null = null): ConversationRecord {
    const file = parseConversationExport(text);
    return this.db.transaction(() => {
      const copy = this.create({ title: file.title, model: file.model, project });
      const newIds = new Map<string, string>();
      for (const m of file.messages) {
        const { fileId, ...message } = m;
        newIds.set(fileId, this.append(copy.id, message).id);
      }
      for (const { fileMessageId, ...call } of file.toolCalls) {
        const messageId = newIds.get(fileMessageId);
        if (messageId)
          upsertToolCall(this.db, { ...call, conversationId: copy.id, messageId }, this.sessionId);
      }
      return this.summary(copy.id);
    });
  }

  /** Appends a message after the last one (seq grows across superseded branches too). */
  append(conversationId: string, message: NewMessage): ChatMessage {
    return appendMessage(this.db, conversationId, message, this.now(), this.sessionId);
  }

  message(id: string): ChatMessage {
    return getMessage(this.db, id);
  }

  update(id: string, patch: MessagePatch): ChatMessage {
    return updateMessage(this.db, id, patch, this.now());
  }

  /**
   * Adds one completed block at the end of a message's content without rewriting the rest: cheap
   * enough to call for every block of a long answer.
   */
  appendBlock(messageId: string, block: ContentBlock): void {
    appendBlock(this.db, messageId, block, this.now());
  }

  /** Marks every current message from `seq` on as superseded (edit and regenerate keep the old branch). */
  supersedeFrom(conversationId: string, seq: number): number {
    return this.keepingPinned(conversationId, () =>
      this.db.transaction(() => {
        fixParents(this.db, conversationId);
        return supersedeFrom(this.db, conversationId, seq, this.now());
      }),
    );
  }

  /** Current messages with kept alternatives (after Edit or Regenerate), by message id. */
  branches(conversationId: string): Record<string, BranchInfo> {
    return branchInfo(this.db, conversationId);
  }

  /** Makes the kept branch that starts at `messageId` the current one (see branches.ts). */
  switchBranch(conversationId: string, messageId: string): void {
    this.summary(conversationId);
    this.keepingPinned(conversationId, () =>
      switchBranch(this.db, conversationId, messageId, this.now()),
    );
  }

  upsertToolCall(call: ToolCallUpsert): ToolCallView {
    return upsertToolCall(this.db, call, this.sessionId);
  }

  toolCall(conversationId: string, id: string): ToolCallView | undefined {
    return getToolCall(this.db, conversationId, id);
  }

  /**
   * After a crash: answers left 'streaming' become 'incomplete' (with an interrupted notice) and
   * pending or running tool calls become 'cancelled', for every writer session whose process is
   * gone. Another live Lena process's turn is left alone. Called at open (openConversationStore).
   */
  recoverInterrupted(): { messages: number; toolCalls: number } {
    return this.db.transaction(() => {
      forgetDeadSessions(this.db, this.sessionId);
      return {
        messages: markInterruptedMessages(this.db),
        toolCalls: cancelInterruptedToolCalls(this.db, this.now()),
      };
    });
  }

  /** Full-text search; see search.ts for the query rules and highlight marks. */
  search(query: string, limit?: number): SearchHit[] {
    return searchMessages(this.db, query, limit);
  }

  /** The current branch as Markdown or JSON, secrets scrubbed. */
  export(
    id: string,
    format: ExportFormat,
    options?: ExportOptions,
  ): { filename: string; content: string } {
    return exportConversation(this.get(id), format, options);
  }
}
