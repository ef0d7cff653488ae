// The contract's channel names as plain data, without schemas, so the sandboxed preload can build
// `window.lena` without bundling zod. shared/contract.ts checks at compile time that these lists
// and its schemas name exactly the same channels.

export const INVOKE_CHANNELS = [
  'app:info',
  'servers:list',
  'servers:reload',
  'servers:restart',
  'servers:add',
  'servers:update',
  'servers:remove',
  'servers:set-enabled',
  'servers:set-trusted',
  'servers:test',
  'servers:tools',
  'servers:set-tool-enabled',
  'servers:logs',
  'servers:config-files',
  'servers:save-config-file',
  'servers:import-claude-desktop',
  'servers:approve',
  'conversations:list',
  'conversations:get',
  'conversations:create',
  'conversations:rename',
  'conversations:delete',
  'conversations:restore',
  'conversations:duplicate',
  'conversations:search',
  'conversations:export',
  'chat:send',
  'chat:stop',
  'chat:regenerate',
  'chat:edit',
  'chat:cancel-tool',
  'chat:budget',
  'permissions:pending',
  'permissions:answer',
  'permissions:rules',
  'permissions:revoke-rule',
  'permissions:accept-definition',
  'settings:get',
  'settings:update',
  'settings:set-api-key',
  'settings:clear-api-key',
  'secrets:set',
  'project:get',
  'project:open',
] as const;

export const EVENT_CHANNELS = [
  'app:log',
  'servers:status-changed',
  'servers:tools-changed',
  'chat:event',
  'permissions:requested',
  'permissions:resolved',
  'settings:changed',
  'project:changed',
] as const;

export type InvokeChannelName = (typeof INVOKE_CHANNELS)[number];
export type EventChannelName = (typeof EVENT_CHANNELS)[number];
