// The contract's channel names as plain data, without schemas, so the sandboxed preload can build
// `window.lena` without bundling zod. shared/contract.ts checks at compile time that these lists
// and its schemas name exactly the same channels.

export const INVOKE_CHANNELS = ['app:info'] as const;
export const EVENT_CHANNELS = ['app:log'] as const;

export type InvokeChannelName = (typeof INVOKE_CHANNELS)[number];
export type EventChannelName = (typeof EVENT_CHANNELS)[number];
