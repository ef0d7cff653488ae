// Many windows over one core: this window says which conversation it shows (its conversation
// events and questions follow), opens another window, and asks a quick question.
import { attempt, type Outcome } from '../result';
import type { ActionsCreator } from '../slice';

export interface WindowsActions {
  /** At start: the conversation this window was opened on, and core told what it shows. */
  startWindow(): void;
  /** Tells core what this window shows; resolves to what the other windows show. */
  reportShowing(conversationId: string | null): Promise<string[]>;
  /** "Answer here": this conversation's questions move to this window from another showing it. */
  answerHere(conversationId: string): Promise<void>;
  /** "Open in new window": the conversation in a window of its own. */
  openInNewWindow(conversationId: string): Promise<Outcome<void>>;
  /**
   * The quick entry: the question goes into a new conversation, which opens in a window of its
   * own; this small window then closes.
   */
  askQuickQuestion(text: string): Promise<Outcome<void>>;
  /** Closes this window (the quick entry's Escape). */
  closeWindow(): void;
}

export const createWindowsActions: ActionsCreator<WindowsActions> = (set, get, host) => ({
  startWindow() {
    const { conversationId } = get().windowStart;
    if (conversationId) get().openConversation(conversationId);
  },
  async reportShowing(conversationId) {
    const r = await attempt(() => host.call('windows:show', { conversationId }));
    const others = r.ok ? r.value : get().shownElsewhere;
    set({ shownElsewhere: others });
    return others;
  },
  async answerHere(conversationId) {
    const r = await attempt(() => host.call('windows:show', { conversationId, claim: true }));
    if (!r.ok)
      get().pushToast({
        message: `Could not move the question: ${r.error.message}`,
        tone: 'error',
      });
  },
  async openInNewWindow(conversationId) {
    const r = await attempt(() => host.call('windows:open', { conversationId }));
    if (!r.ok)
      get().pushToast({ message: `Could not open a window: ${r.error.message}`, tone: 'error' });
    return r;
  },
  async askQuickQuestion(text) {
    const created = await attempt(() => host.call('conversations:create', {}));
    if (!created.ok) return created;
    const conversationId = created.value.id;
    const sent = await attempt(() => host.call('chat:send', { conversationId, text }));
    if (!sent.ok) return sent;
    const opened = await attempt(() => host.call('windows:open', { conversationId }));
    if (opened.ok) get().closeWindow();
    return opened;
  },
  closeWindow: () => void attempt(() => host.call('windows:close')),
});
