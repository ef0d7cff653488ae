// The building blocks of the IPC contract (contract.ts): a channel is a zod schema for its argument
// with a phantom result type; an event carries only a payload type.
import type { z } from 'zod';

/** A channel: a zod schema for its argument and a phantom type for its result. */
export interface ChannelSpec<A extends z.ZodType, R> {
  args: A;
  /** Never set at run time; carries the result type. */
  readonly _result?: R;
}
export const channel =
  <R>() =>
  <A extends z.ZodType>(args: A): ChannelSpec<A, R> => ({ args });
/** Events carry only a payload type. */
export const event = <P>(): { readonly _payload?: P } => ({});
