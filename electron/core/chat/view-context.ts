// MCP Apps ui/update-model-context: what each tool view last gave the model, per conversation.
// A view's update replaces its previous one. The next request carries every view's context as
// text at the end of its last user turn, inside the untrusted-data markers with that request's
// boundary: a view is a server's code, so what it says is data, never instructions.
import type Anthropic from '@anthropic-ai/sdk';
import type { AppModelContext } from '../../../shared/app-view-types';
import { wrapUntrusted } from './untrusted';

/** A context longer than this is cut (a view cannot fill the context window). */
export const MAX_VIEW_CONTEXT_CHARS = 20_000;

export interface ViewContextEntry extends AppModelContext {
  tool: string;
}

export class ViewContexts {
  private readonly byConversation = new Map<string, Map<string, ViewContextEntry>>();

  /** Replaces the view's context (null text clears it); returns what the card shows. */
  set(entry: Omit<ViewContextEntry, 'updatedAt'>, now = Date.now()): ViewContextEntry {
    const text = entry.text === null ? null : entry.text.length > MAX_VIEW_CONTEXT_CHARS ? `${entry.text.slice(0, MAX_VIEW_CONTEXT_CHARS)}\n[cut at ${MAX_VIEW_CONTEXT_CHARS} characters]` : entry.text;
    const stored = { ...entry, text, updatedAt: now };
    const map = this.byConversation.get(entry.conversationId) ?? new Map<string, ViewContextEntry>();
    if (text === null) map.delete(entry.toolUseId);
    else map.set(entry.toolUseId, stored);
    this.byConversation.set(entry.conversationId, map);
    return stored;
  }

  list(conversationId: string): ViewContextEntry[] {
    return [...(this.byConversation.get(conversationId)?.values() ?? [])];
  }

  /** The conversation was deleted: its views' contexts go with it. */
  forget(conversationId: string): void {
    this.byConversation.delete(conversationId);
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
export function appendViewContext(messages: Anthropic.Messages.MessageParam[], blocks: readonly Anthropic.Messages.TextBlockParam[]): void {
  const last = messages[messages.length - 1];
  if (blocks.length === 0 || !last || last.role !== 'user') return;
  const content = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : [...last.content];
  last.content = [...content, ...blocks];
}
