// Whether a chat turn is running anywhere, from the chat events the host emits, so the shell can
// hold back what must not interrupt a turn (installing an update) and act once Lena is idle.
import type { ChatEvent } from '../../../shared/chat/events';

export class TurnTracker {
  private readonly running = new Set<string>();
  private readonly idleListeners = new Set<() => void>();

  /** Feed every `chat:progressed` payload. */
  observe(event: ChatEvent): void {
    if (event.type === 'turn-started') this.running.add(event.turnId);
    else if (
      event.type === 'turn-ended' &&
      this.running.delete(event.turnId) &&
      this.running.size === 0
    ) {
      for (const listener of [...this.idleListeners]) listener();
    }
  }

  busy(): boolean {
    return this.running.size > 0;
  }

  /** Called each time the last running turn ends; returns an unsubscribe function. */
  onIdle(listener: () => void): () => void {
    this.idleListeners.add(listener);
    return () => this.idleListeners.delete(listener);
  }
}
