// The one IPC contract: every invoke channel with its argument schema and result type, every event
// with its payload type. Core implements it (electron/core/host), main binds it to ipcMain, the
// preload and the end-to-end harness expose it through the same builder (shared/bridge.ts).
import { z } from 'zod';
import type { AppInfo, LogEntry } from './app-types';
import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventChannelName, type InvokeChannelName } from './channel-names';

/** A channel: a zod schema for its argument and a phantom type for its result. */
export interface ChannelSpec<A extends z.ZodType, R> {
  args: A;
  /** Never set at run time; carries the result type. */
  readonly _result?: R;
}
const channel = <R>() => <A extends z.ZodType>(args: A): ChannelSpec<A, R> => ({ args });
/** Events carry only a payload type. */
const event = <P>(): { readonly _payload?: P } => ({});

const noArgs = z.undefined().or(z.null()).optional();

export const invokeChannels = {
  'app:info': channel<AppInfo>()(noArgs),
} as const;

export const eventChannels = {
  'app:log': event<LogEntry>(),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type ArgsOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
export type ParsedArgsOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['args']>;
export type ResultOf<C extends InvokeChannel> =
  (typeof invokeChannels)[C] extends ChannelSpec<z.ZodType, infer R> ? R : never;
export type PayloadOf<E extends EventChannel> =
  (typeof eventChannels)[E] extends { readonly _payload?: infer P } ? P : never;

// Compile-time proof that channel-names.ts and the schemas above list the same channels.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: [Same<InvokeChannel, InvokeChannelName>, Same<EventChannel, EventChannelName>] = [true, true];
void namesMatch;

export const invokeChannelNames: readonly InvokeChannel[] = INVOKE_CHANNELS;
export const eventChannelNames: readonly EventChannel[] = EVENT_CHANNELS;

export const isInvokeChannel = (name: unknown): name is InvokeChannel =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(invokeChannels, name);
export const isEventChannel = (name: unknown): name is EventChannel =>
  typeof name === 'string' && (EVENT_CHANNELS as readonly string[]).includes(name);
