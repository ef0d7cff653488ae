// The IPC contract's conversations and agent-loop channels, spread into contract.ts's
// invokeChannels: listing, searching, sending, stopping, exporting and importing conversations.
import { z } from 'zod';
import type {
  Conversation,
  ConversationSummary,
  MessagePage,
  SearchHit,
} from './chat/conversations';
import type { ModelOption, TokenBudget } from './chat/models';
import * as s from './contract-schemas';

import { channel } from './contract-channel';

export const chatChannels = {
  /** `includeArchived`: archived ones too (flagged `archived`), for the window's Archived view. */
  'conversations:list': channel<ConversationSummary[]>()(
    z.object({ includeArchived: z.boolean().optional() }).strict().optional().or(s.noArgs),
  ),
  /** With `limit`, only the newest messages (hasOlder says whether there are more). */
  'conversations:get': channel<Conversation>()(
    z.object({ id: s.id, limit: z.number().int().min(1).max(100_000).optional() }).strict(),
  ),
  'conversations:messages': channel<MessagePage>()(
    z
      .object({ id: s.id, beforeSeq: z.number().int(), limit: z.number().int().min(1).max(10_000) })
      .strict(),
  ),
  'conversations:create': channel<ConversationSummary>()(
    z
      .object({ title: z.string().max(500).optional() })
      .strict()
      .optional(),
  ),
  'conversations:rename': channel<ConversationSummary>()(
    z.object({ id: s.id, title: z.string().min(1).max(500) }).strict(),
  ),
  'conversations:delete': channel<void>()(z.object({ id: s.id }).strict()),
  'conversations:restore': channel<ConversationSummary>()(z.object({ id: s.id }).strict()),
  'conversations:duplicate': channel<ConversationSummary>()(z.object({ id: s.id }).strict()),
  'conversations:move': channel<ConversationSummary>()(s.conversationMove),
  'conversations:continue-with-summary': channel<ConversationSummary>()(
    z.object({ id: s.id }).strict(),
  ),
  'conversations:search': channel<SearchHit[]>()(
    z.object({ query: z.string().max(1000) }).strict(),
  ),
  'conversations:export': channel<{ filename: string; content: string }>()(
    z.object({ id: s.id, format: z.enum(['markdown', 'json', 'html']) }).strict(),
  ),
  /** Pinned on top of the list, or not (issue 48). */
  'conversations:set-pinned': channel<ConversationSummary>()(
    z.object({ id: s.id, pinned: z.boolean() }).strict(),
  ),
  /** Archived (out of the list, still found by search), or back in the list (issue 48). */
  'conversations:set-archived': channel<ConversationSummary>()(
    z.object({ id: s.id, archived: z.boolean() }).strict(),
  ),
  /** A JSON export read back as a new conversation with a boundary of its own (issue 48). */
  'conversations:import': channel<ConversationSummary>()(
    z.object({ content: z.string().max(40 * 1024 * 1024) }).strict(),
  ),
  'chat:send': channel<{ turnId: string }>()(
    z
      .object({
        conversationId: s.id,
        text: z.string().max(1_000_000),
        attachments: z.array(s.attachment).max(20).optional(),
      })
      .strict(),
  ),
  'chat:stop': channel<void>()(z.object({ conversationId: s.id }).strict()),
  'chat:regenerate': channel<{ turnId: string }>()(z.object({ conversationId: s.id }).strict()),
  'chat:edit': channel<{ turnId: string }>()(
    z.object({ conversationId: s.id, messageId: s.id, text: z.string().max(1_000_000) }).strict(),
  ),
  'chat:cancel-tool': channel<void>()(z.object({ toolUseId: s.id }).strict()),
  'chat:continue-task': channel<{ turnId: string }>()(
    z.object({ conversationId: s.id, toolUseId: s.id }).strict(),
  ),
  /** With a conversation, its own tool switches count (issue 16); without, the global ones. */
  'chat:budget': channel<TokenBudget>()(
    z.object({ conversationId: s.id.optional() }).strict().optional(),
  ),
  /** Switches a skill (by name) on or off in one conversation; the enabled skills stay the default. */
  'chat:set-skill': channel<void>()(
    z.object({ conversationId: s.id, skill: z.string().min(1).max(200), on: z.boolean() }).strict(),
  ),
  /** Flips one of a conversation's own tool switches: a whole server (no `tool`) or one tool by its qualified name. */
  'chat:set-tools': channel<void>()(
    z
      .object({
        conversationId: s.id,
        server: s.serverName,
        tool: z.string().min(1).max(500).optional(),
        on: z.boolean(),
      })
      .strict(),
  ),
  /** Makes the branch that starts at `messageId` (a kept Edit or Regenerate) the conversation's current one. */
  'chat:switch-branch': channel<void>()(
    z.object({ conversationId: s.id, messageId: s.id }).strict(),
  ),
  'chat:models': channel<ModelOption[]>()(s.noArgs),
  'chat:set-model': channel<void>()(
    z.object({ conversationId: s.id, model: z.string().trim().min(1).max(200) }).strict(),
  ),
  'chat:drop-old-tool-results': channel<{ dropped: number; bytes: number }>()(
    z.object({ conversationId: s.id }).strict(),
  ),
} as const;
