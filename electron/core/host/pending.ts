// Handlers for channels whose service is not wired yet: a clear "unavailable" error instead of a
// missing handler (which would not compile). Each issue replaces its entries with real ones.
import { LenaError } from '../../../shared/result';
import type { InvokeChannel } from '../../../shared/contract';
import type { Handlers } from './dispatch';

export function unavailable<C extends InvokeChannel>(channel: C): Handlers[C] {
  return (() => {
    throw new LenaError('unavailable', `${channel} is not available in this build yet.`);
  }) as unknown as Handlers[C];
}

export function unavailableAll<C extends InvokeChannel>(channels: readonly C[]): Pick<Handlers, C> {
  return Object.fromEntries(channels.map((c) => [c, unavailable(c)])) as Pick<Handlers, C>;
}
