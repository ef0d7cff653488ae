// MCP Apps ui/update-model-context: what each tool view last gave the model, per conversation.
// A view's update replaces its previous one. The next request carries every view's context as
// text at the end of its last user turn, inside the untrusted-data markers with that request's
// boundary: a view is a server's code, so what it says is data, never instructions. Kept in
// view-contexts.json in Lena's home, so a conversation reopened after a restart still carries it.
import type Anthropic from '@anthropic-ai/sdk';
import { readJsonFileOrSetAside, writeJsonFile } from '../base/json-file';
import type { AppModelContext } from '../../../shared/app-view-types';
import { wrapUntrusted } from './untrusted';

/** A context longer than this is cut (a view cannot fill the context window). */
export const MAX_VIEW_CONTEXT_CHARS = 20_000;

export interface ViewContextEntry extends AppModelContext {
  tool: string;
}

const isEntry = (v: unknown): v is ViewContextEntry => {
  const e = v as ViewContextEntry | null;
  return (
    !!e &&
    typeof e === 'object' &&
    ['conversationId', 'toolUseId', 'server', 'tool', 'text'].every(
      (k) => typeof (e as unknown as Record<string, unknown>)[k] === 'string',
    ) &&
    typeof e.updatedAt === 'number'
  );
};

export class ViewContexts {
  private readonly byConversation = new Map<string, Map<string, ViewContextEntry>>();
  private writing: Promise<void> = Promise.resolve();
  /** Set when the file was damaged and moved aside: for the start-up notices. */
  readonly warnings: string[] = [];

  /** Without a file, kept in memory only (tests, `lena chat -p`). */
  constructor(private readonly file?: string) {}

  /**
   * Reads what was kept; a damaged file is kept aside and an unreadable one ignored: both start
   * empty (a view sends its context again when it runs).
   */
  static async open(file: string): Promise<ViewContexts> {
    const contexts = new ViewContexts(file);
    const read = await readJsonFileOrSetAside(file).catch(() => ({
      value: undefined,
      warning: undefined,
    }));
    if (read.warning) contexts.warnings.push(read.warning);
    const stored = read.value;
    const entries = Array.isArray((stored as { contexts?: unknown } | undefined)?.contexts)
      ? (stored as { contexts: unknown[] }).contexts
      : [];
    for (const entry of entries.filter(isEntry)) {
      const map =
        contexts.byConversation.get(entry.conversationId) ?? new Map<string, ViewContextEntry>();
      map.set(entry.toolUseId, entry);
      contexts.byConversation.set(entry.conversationId, map);
    }
    return contexts;
  }

  /** Resolves once what was changed so far is on disk. */
  settled(): Promise<void> {
    return this.writing;
  }

  private persist(): void {
    if (!this.file) return;
    const file = this.file;
    const contexts = [...this.byConversation.values()].flatMap((m) => [...m.values()]);
    // A failed write loses only the copy for the next start; this session keeps the context.
    this.writing = this.writing
      .then(() => writeJsonFile(file, { contexts }))
      .catch(() => undefined);
  }

  /** Replaces the view's context (null text clears it); returns what the card shows. */
  set(entry: Omit<ViewContextEntry, 'updatedAt'>, now = Date.now()): ViewContextEntry {
    const text =
      entry.text === null
        ? null
        : entry.text.length > MAX_VIEW_CONTEXT_CHARS
          ? `${entry.text.slice(0, MAX_VIEW_CONTEXT_CHARS)}\n[cut at ${MAX_VIEW_CONTEXT_CHARS} characters]`
          : entry.text;
    const stored = { ...entry, text, updatedAt: now };
    const map =
      this.byConversation.get(entry.conversationId) ?? new Map<string, ViewContextEntry>();
    if (text === null) map.delete(entry.toolUseId);
    else map.set(entry.toolUseId, stored);
    this.byConversation.set(entry.conversationId, map);
    this.persist();
    return stored;
  }

  list(conversationId: string): ViewContextEntry[] {
    return [...(this.byConversation.get(conversationId)?.values() ?? [])];
  }

  /** The conversation was deleted: its views' contexts go with it. */
  forget(conversationId: string): void {
    if (this.byConversation.delete(conversationId)) this.persist();
  }

  /** Text blocks for the end of the request's last user turn (none when no view gave context). */
  blocks(conversationId: string, boundary: string): Anthropic.Messages.TextBlockParam[] {
    return this.list(conversationId).map((c) => ({
      type: 'text',
      text: `Context from the ${c.tool} view of the ${c.server} server (shown to the user on its card):\n${wrapUntrusted(c.text ?? '', boundary)}`,
    }));
  }
}

/** Appends the views' context to the last message when it is the user's (it always is when a request is sent). */
export function appendViewContext(
  messages: Anthropic.Messages.MessageParam[],
  blocks: readonly Anthropic.Messages.TextBlockParam[],
): void {
  const last = messages[messages.length - 1];
  if (blocks.length === 0 || !last || last.role !== 'user') return;
  const content =
    typeof last.content === 'string'
      ? [{ type: 'text' as const, text: last.content }]
      : [...last.content];
  last.content = [...content, ...blocks];
}
