// The open conversation (messages and tool calls kept current from `chat:progressed`), the composer's
// drafts, attachments and cards per conversation, the token budget and the models for the picker.
import type { Attachment } from '../../../shared/chat/messages';
import type { ModelOption, TokenBudget } from '../../../shared/chat/models';
import type { OpenChat } from '../../lib/chat-reducer';
import { loadDrafts } from '../../lib/draft-storage';
import { idle, type Loadable } from '../loadable';
import type { UiError } from '../result';

/** A card the window adds itself (the `/mcp` status, a command's outcome); never sent to Claude. */
export type SystemCard =
  | { id: string; kind: 'mcp-status'; time: number }
  | {
      id: string;
      kind: 'notice';
      time: number;
      text: string;
      tone: 'info' | 'error';
      detail?: string;
    };

/** A system card before it gets its id and time. */
export type SystemCardInput =
  | { kind: 'mcp-status' }
  | { kind: 'notice'; text: string; tone: 'info' | 'error'; detail?: string };

/** Messages fetched at a time: a long conversation opens with its newest page, older ones on scroll. */
export const PAGE_SIZE = 200;

/** Drafts and cards of the blank, not-yet-created conversation live under this key. */
export const NO_CONVERSATION = '';

export interface ChatState {
  openChat: Loadable<OpenChat>;
  sendError: UiError | null;
  drafts: Record<string, string>;
  attachments: Record<string, Attachment[]>;
  systemCards: Record<string, SystemCard[]>;
  editingId: string | null;
  tokenBudget: Loadable<TokenBudget>;
  /** Models for the picker (Models API through core). */
  modelList: Loadable<ModelOption[]>;
}

export const initialChatState = (): ChatState => ({
  openChat: idle(),
  sendError: null,
  drafts: loadDrafts(),
  attachments: {},
  systemCards: {},
  editingId: null,
  tokenBudget: idle(),
  modelList: idle(),
});
