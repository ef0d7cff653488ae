// Many windows over one core: which window hears which event. Every window gets server, settings
// and project events; a conversation's events go to the windows showing it; each question goes to
// exactly one window (one showing its conversation, else the focused one), and moves when that
// window closes, so nothing is asked twice and nothing is left unasked. A server's question
// (sampling, a form, an address, a sign-in) names the conversation whose tool call caused it when
// core knows it (feature-ports.ts: the call the wire relates it to, else the only conversation
// with a call in flight on that server); one that names none goes to the focused window.
import type { EventChannel } from '../../../shared/contract';
import type { AskResolved, AskView } from '../../../shared/asks';
import type { ChatEvent } from '../../../shared/chat/events';
import type { AppModelContext } from '../../../shared/app-view-types';

/** Sends one event to one window (webContents.send, the harness's page.evaluate). */
export type Deliver = (event: EventChannel, payload: unknown) => void;

interface View {
  id: string;
  deliver: Deliver;
  showing: string | null;
  /** False for a window that cannot show questions (the quick entry): never picked to ask. */
  asks: boolean;
  /** Order of the last show/attach: the latest wins among equals. */
  seen: number;
}

interface Owned {
  ask: AskView;
  view: string | null;
}

/** The `asks:resolved` a window gets when a question it shows moved to another window. */
const movedAway = (ask: AskView): AskResolved => ({
  id: ask.id,
  kind: ask.kind,
  decision: 'moved',
  by: 'settled',
});

export class WindowRouter {
  private readonly views = new Map<string, View>();
  private readonly asks = new Map<string, Owned>();
  private focused: string | null = null;
  private clock = 0;

  /** Adds a window; returns the function that removes it (its questions move elsewhere). */
  attach(id: string, deliver: Deliver, options: { asks?: boolean } = {}): () => void {
    const asks = options.asks ?? true;
    this.views.set(id, { id, deliver, showing: null, asks, seen: ++this.clock });
    return () => this.detach(id);
  }

  /** How many windows are attached. */
  get size(): number {
    return this.views.size;
  }

  /**
   * The conversation a window shows (null: none, or a page that is not a conversation). `claim`:
   * its questions come here even from a window that shows it too ("Answer here").
   */
  show(id: string | undefined, conversationId: string | null, claim = false): void {
    const view = id === undefined ? undefined : this.views.get(id);
    if (!view) return;
    view.showing = conversationId;
    view.seen = ++this.clock;
    if (conversationId === null) return;
    // A question of this conversation held by a window that does not show it comes here.
    for (const owned of this.asks.values()) {
      if (askConversation(owned.ask) !== conversationId || owned.view === view.id) continue;
      const holder = owned.view === null ? undefined : this.views.get(owned.view);
      if (!view.asks || (holder?.showing === conversationId && !claim)) continue;
      this.move(owned, view);
    }
  }

  /** The conversations the other windows show (a window does not tidy away one open elsewhere). */
  shownElsewhere(id: string | undefined): string[] {
    const ids = new Set<string>();
    for (const view of this.views.values())
      if (view.id !== id && view.showing !== null) ids.add(view.showing);
    return [...ids];
  }

  /** The window the user works in (main: BrowserWindow focus; the harness says it). */
  focus(id: string): void {
    // The quick entry taking focus leaves questions with the window the user came from.
    if (this.views.get(id)?.asks) this.focused = id;
  }

  /** What one window is asked out of every waiting question (`asks:pending`); unrouted callers get all. */
  pendingFor(id: string | undefined, all: readonly AskView[]): AskView[] {
    if (id === undefined || !this.views.has(id)) return [...all];
    if (!this.views.get(id)!.asks) return [];
    const mine: AskView[] = [];
    for (const ask of all) {
      let owned = this.asks.get(ask.id);
      if (!owned) this.asks.set(ask.id, (owned = { ask, view: null }));
      if (owned.view === null || !this.views.has(owned.view))
        owned.view = (this.pick(askConversation(ask)) ?? this.views.get(id))?.id ?? null;
      if (owned.view === id) mine.push(ask);
    }
    return mine;
  }

  /** Which window holds a question (for tests and the shell); undefined when none does. */
  holderOf(askId: string): string | undefined {
    return this.asks.get(askId)?.view ?? undefined;
  }

  /** Receives every event the core emits (HostEvents.forward). */
  route(event: EventChannel, payload: unknown): void {
    if (event === 'asks:requested') return this.requested(payload as AskView);
    if (event === 'asks:resolved') {
      this.asks.delete((payload as AskResolved).id);
      return this.broadcast(event, payload);
    }
    const conversation = eventConversation(event, payload);
    if (conversation === null) return this.broadcast(event, payload);
    for (const view of [...this.views.values()])
      if (view.showing === conversation) safe(view, event, payload);
  }

  private requested(ask: AskView): void {
    const view = this.pick(askConversation(ask));
    this.asks.set(ask.id, { ask, view: view?.id ?? null });
    if (view) safe(view, 'asks:requested', ask);
  }

  private detach(id: string): void {
    if (!this.views.delete(id)) return;
    if (this.focused === id) this.focused = null;
    for (const owned of this.asks.values()) {
      if (owned.view !== id) continue;
      const next = this.pick(askConversation(owned.ask));
      owned.view = next?.id ?? null;
      if (next) safe(next, 'asks:requested', owned.ask);
    }
  }

  private move(owned: Owned, to: View): void {
    const from = owned.view === null ? undefined : this.views.get(owned.view);
    owned.view = to.id;
    if (from) safe(from, 'asks:resolved', movedAway(owned.ask));
    safe(to, 'asks:requested', owned.ask);
  }

  /**
   * The one window for a question: among those showing its conversation the focused one, else the
   * latest to open it; with none showing it, the focused window, else the latest attached or shown.
   */
  private pick(conversationId: string | null): View | undefined {
    const views = [...this.views.values()].filter((v) => v.asks);
    const focused = views.find((v) => v.id === this.focused);
    const showing =
      conversationId === null ? [] : views.filter((v) => v.showing === conversationId);
    if (showing.length > 0)
      return showing.find((v) => v === focused) ?? showing.sort((a, b) => b.seen - a.seen)[0];
    return focused ?? views.sort((a, b) => b.seen - a.seen)[0];
  }

  private broadcast(event: EventChannel, payload: unknown): void {
    for (const view of [...this.views.values()]) safe(view, event, payload);
  }
}

function safe(view: View, event: EventChannel, payload: unknown): void {
  try {
    view.deliver(event, payload);
  } catch {
    // A window closing while an event is on its way must not stop the others from hearing it.
  }
}

/** The conversation a question belongs to; null for a server's question no call is known to have caused. */
function askConversation(ask: AskView): string | null {
  return 'conversationId' in ask && typeof ask.conversationId === 'string' && ask.conversationId
    ? ask.conversationId
    : null;
}

const BROADCAST_CHAT = new Set<ChatEvent['type']>([
  'turn-started',
  'turn-ended',
  'conversation-removed',
]);

/** The conversation an event concerns, or null for one every window hears. */
function eventConversation(event: EventChannel, payload: unknown): string | null {
  if (event === 'chat:progressed') {
    const chat = payload as ChatEvent;
    // The list entry (title, time) and a turn's start and end are every window's: each has the
    // conversation list, which marks conversations working elsewhere. The stream stays with its viewers.
    if (BROADCAST_CHAT.has(chat.type) || chat.type === 'conversation-updated') return null;
    return chat.conversationId;
  }
  if (event === 'apps:context-changed') return (payload as AppModelContext).conversationId;
  return null;
}
