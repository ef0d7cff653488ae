// Builds `window.lena` from the contract: exactly one function per invoke channel and a typed
// `on(event, cb)` that returns an unsubscribe function. The preload passes ipcRenderer-backed
// primitives; the end-to-end harness passes Playwright bindings. Nothing generic leaks out.
import type { Envelope } from './result';
import type { CallArgs, EventChannel, InvokeChannel, PayloadOf, ResultOf } from './contract';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channel-names';

export type LenaApi = {
  /** A channel that takes no arguments takes none here either; a required argument is required. */
  readonly [C in InvokeChannel]: (...args: CallArgs<C>) => Promise<Envelope<ResultOf<C>>>;
} & {
  on<E extends EventChannel>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
};

/** The two primitives a binding must supply. */
export interface BridgeTransport {
  invoke(channel: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

export function buildBridge(transport: BridgeTransport): LenaApi {
  const api: Record<string, unknown> = {};
  for (const name of INVOKE_CHANNELS) {
    api[name] = (args?: unknown) => transport.invoke(name, args);
  }
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!(EVENT_CHANNELS as readonly string[]).includes(event))
      throw new Error(`Unknown event "${event}"`);
    if (typeof listener !== 'function')
      throw new Error('on(event, listener): listener must be a function');
    return transport.subscribe(event, (payload) => listener(payload));
  };
  return Object.freeze(api) as LenaApi;
}
