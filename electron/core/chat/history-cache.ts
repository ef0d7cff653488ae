// The stored messages of the conversations the engine is working on, kept parsed between requests:
// a 1,000-message conversation costs tens of milliseconds to read and parse from SQLite, and every
// round of a turn needs it. The engine's own writes reach the cache through the message-saved
// events it emits anyway; any other writer (another Lena process, an edit from the window) changes
// the conversation's updated_at or message count, and the next read goes back to the store. (Known
// limit: another writer's in-place change to an existing message, adding none, made between two
// of the engine’s own writes goes unseen until the message count changes or a regenerate or edit.)
import type { ChatEvent } from '../../../shared/chat/events';
import type { ChatMessage } from '../../../shared/chat/messages';
import type { ConversationStore } from '../store/conversations';

interface Entry {
  stamp: string;
  messages: ChatMessage[];
}

export class HistoryCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly store: ConversationStore) {}

  /** Current (not superseded) messages in order, as `store.get(id).messages` returns them. */
  messages(conversationId: string): ChatMessage[] {
    const stamp = this.stamp(conversationId);
    const hit = this.entries.get(conversationId);
    if (hit && hit.stamp === stamp) return hit.messages;
    const messages = this.store.get(conversationId).messages;
    this.entries.set(conversationId, { stamp, messages });
    return messages;
  }

  /** Applies one of the engine's own events (after its write) so the next read needs no query. */
  observe(event: ChatEvent): void {
    if (event.type !== 'message-saved') return;
    const entry = this.entries.get(event.conversationId);
    if (!entry) return;
    const m = event.message;
    const list = entry.messages.filter((x) => x.id !== m.id);
    if (m.status !== 'superseded') {
      let at = list.length;
      while (at > 0 && list[at - 1].seq > m.seq) at--;
      list.splice(at, 0, m);
    }
    // The stamp is taken after the write, so it would also cover what another writer did just
    // before it: unless the counts agree, nothing is assumed and the next read goes to the store.
    const summary = this.store.summary(event.conversationId);
    if (summary.messageCount !== list.length) return void this.entries.delete(event.conversationId);
    entry.messages = list;
    entry.stamp = `${summary.updatedAt}:${summary.messageCount}`;
  }

  /** Forgets a conversation (supersede, delete: writes that come without a message-saved event). */
  forget(conversationId: string): void {
    this.entries.delete(conversationId);
  }

  private stamp(conversationId: string): string {
    const s = this.store.summary(conversationId);
    return `${s.updatedAt}:${s.messageCount}`;
  }
}
