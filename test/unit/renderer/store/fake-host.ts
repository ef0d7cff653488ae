// A StoreHost for slice tests: each invoke channel answers from a handler the test sets (or fails
// as core would with `unavailable`), every call is recorded, and events are emitted by hand.
import type {
  ArgsOf,
  EventChannel,
  InvokeChannel,
  PayloadOf,
  ResultOf,
} from '../../../../shared/contract';
import { LenaError, type ErrorInfo } from '../../../../shared/result';
import { createLenaStore } from '../../../../renderer/store/create-store';
import type { StoreHost } from '../../../../renderer/store/store-host';

type Handler<C extends InvokeChannel> = (args: ArgsOf<C>) => ResultOf<C> | Promise<ResultOf<C>>;

export interface FakeHost extends StoreHost {
  calls: { channel: InvokeChannel; args: unknown }[];
  opened: string[];
  /** Answers `channel` with `handler` from now on. */
  on<C extends InvokeChannel>(channel: C, handler: Handler<C>): FakeHost;
  /** Makes `channel` fail with this envelope error. */
  fail(channel: InvokeChannel, error: ErrorInfo): FakeHost;
  emit<E extends EventChannel>(event: E, payload: PayloadOf<E>): void;
  /** How many listeners an event has (to check unsubscribing). */
  listeners(event: EventChannel): number;
}

export function fakeHost(): FakeHost {
  const handlers = new Map<InvokeChannel, (args: unknown) => unknown>();
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const host: FakeHost = {
    calls: [],
    opened: [],
    on(channel, handler) {
      handlers.set(channel, handler as (args: unknown) => unknown);
      return host;
    },
    fail(channel, error) {
      handlers.set(channel, () => {
        throw LenaError.from(error);
      });
      return host;
    },
    async call<C extends InvokeChannel>(channel: C, args?: ArgsOf<C>): Promise<ResultOf<C>> {
      host.calls.push({ channel, args });
      const handler = handlers.get(channel);
      if (!handler)
        throw LenaError.from({ code: 'unavailable', message: `no fake answer for ${channel}` });
      return (await handler(args)) as ResultOf<C>;
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    listeners: (event) => listeners.get(event)?.size ?? 0,
    openExternal: (href) => void host.opened.push(href),
  };
  return host;
}

/** A store over a fresh fake host. */
export function storeWithFakeHost() {
  const host = fakeHost();
  return { host, store: createLenaStore(host) };
}
