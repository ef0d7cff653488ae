// What the store needs from the world outside the window: core's contract (invoke and events) and
// a way to open an address in the system browser. The window's store gets `windowHost` (over
// `window.lena`); tests make the store over a fake host, so no slice ever reads `window.lena`.
import type {
  ArgsOf,
  EventChannel,
  InvokeChannel,
  PayloadOf,
  ResultOf,
} from '../../shared/contract';
import { call, subscribe } from '../host';

export interface StoreHost {
  /** Resolves to the channel's value; rejects with a LenaError carrying the envelope's error. */
  call<C extends InvokeChannel>(channel: C, args?: ArgsOf<C>): Promise<ResultOf<C>>;
  /** Listens to a core event; returns the unsubscribe function. */
  subscribe<E extends EventChannel>(
    event: E,
    listener: (payload: PayloadOf<E>) => void,
  ): () => void;
  /** Opens an https address outside the app (main's window-open handler checks it again). */
  openExternal(href: string): void;
}

export const windowHost: StoreHost = {
  call,
  subscribe,
  openExternal: (href) => void window.open(href, '_blank', 'noopener,noreferrer'),
};
