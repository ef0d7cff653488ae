// A typed emitter over the contract's events. Services emit; main (webContents.send) and the
// end-to-end harness (page.evaluate) subscribe and forward.
import type { EventChannel, PayloadOf } from '../../../shared/contract';

type Listener = (event: EventChannel, payload: unknown) => void;

export class HostEvents {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventChannel>(event: E, payload: PayloadOf<E>): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, payload);
      } catch {
        // A failing forwarder (a closed window) must not break the service that emitted.
      }
    }
  }

  /** Receives every event; returns an unsubscribe function. */
  forward(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
