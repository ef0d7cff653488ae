// What a project gives its conversations: its instructions, joined to the system prompt's stable
// block (before the cache mark, so the prompt cache keeps them), and its pinned files (text,
// PDFs, images: pinned-files.ts), given once at the start of the conversation's first user turn
// (then part of the cached history), with an estimate of their tokens for the meter and the
// project sheet. A conversation moved to another project gets the files of that project it does
// not hold yet at the start of its next user turn: what was sent before stays, so the history's
// cached prefix is unchanged.
import { PINNED_WARNING_SHARE } from '../../../shared/chat/meter';
import type { ContentBlock } from '../../../shared/chat/messages';
import { pinnedKey } from '../../../shared/projects';
import type { ConversationRecord, ConversationStore } from '../store/conversations';
import { withPinned } from './meter';
import { BUILT_IN_MODELS } from './models';
import { readPinned, type PinnedRead } from './pinned-files';

export { estimateTextTokens, readPinned } from './pinned-files';

/** What a conversation's project contributes to its requests. */
export interface ProjectContext {
  instructions?: string;
  /** Absolute paths of the pinned files. */
  pinned?: readonly string[];
}

/** The system prompt with the project's instructions after the user's own prompt. */
export function withInstructions(systemPrompt: string, instructions: string | undefined): string {
  const text = instructions?.trim();
  if (!text) return systemPrompt;
  const base = systemPrompt.trim();
  return `${base ? `${base}\n\n` : ''}Instructions for this project, from the user:\n${text}`;
}

/** The context window of a model from the built-in table; null when unknown. */
export function knownContext(model: string | null | undefined): number | null {
  return BUILT_IN_MODELS.find((m) => m.id === model)?.maxInputTokens ?? null;
}

/** True when pinned files take more than PINNED_WARNING_SHARE of the context window. */
export function pinnedTooLarge(tokens: number, contextLimit: number | null): boolean {
  return contextLimit !== null && tokens > PINNED_WARNING_SHARE * contextLimit;
}

/** The warning the project sheet and the meter show, or null. */
export function pinnedWarning(tokens: number, contextLimit: number | null): string | null {
  if (contextLimit === null || !pinnedTooLarge(tokens, contextLimit)) return null;
  const share = Math.round((tokens / contextLimit) * 100);
  return `The pinned files take about ${share}% of the model's context window (${tokens.toLocaleString('en')} of ${contextLimit.toLocaleString('en')} tokens): unpin some, or put what matters in the instructions.`;
}

/** The project's pinned files read, and those of them neither the branch nor `content` holds. */
export function pinnedToGive(
  store: ConversationStore,
  conversation: ConversationRecord,
  context: ProjectContext | undefined,
  content: readonly ContentBlock[] = [],
): { read: PinnedRead; blocks: ContentBlock[]; tokens: number } {
  const read = readPinned(context?.pinned ?? []);
  const held = new Set(conversation.messageCount > 0 ? store.pinnedHeld(conversation.id) : []);
  for (const block of content) held.add(pinnedKey(block) ?? '');
  const given = read.blocks.filter((b) => !held.has(pinnedKey(b.block) ?? ''));
  const tokens = given.reduce((sum, b) => sum + b.tokens, 0);
  return { read, blocks: given.map((b) => b.block), tokens };
}

/**
 * A user turn's content with the project's pinned files before it, counted in the meter: in the
 * conversation's first turn, and in the first turn after it moved to another project or lost
 * files with an Edit or a switch of branch (only the files it does not hold yet, so the history
 * before stays as it was sent and cached). Other turns get `content` unchanged.
 */
export function withPinnedFiles(
  store: ConversationStore,
  conversation: ConversationRecord,
  context: ProjectContext | undefined,
  content: ContentBlock[],
): ContentBlock[] {
  const first = conversation.messageCount === 0;
  if (!first && !store.pinnedDue(conversation.id)) return content;
  store.clearPinnedDue(conversation.id);
  if (!context?.pinned?.length) return content;
  const { read, blocks, tokens } = pinnedToGive(store, conversation, context, content);
  if (read.blocks.length === 0) return content;
  store.setMeter(
    conversation.id,
    withPinned(
      conversation.meter,
      { total: read.tokens, given: tokens },
      knownContext(conversation.model),
    ),
  );
  return [...blocks, ...content];
}

/** withPinnedFiles for a user turn about to be stored in the conversation (send, Edit). */
export function withProjectFiles(
  deps: {
    store: ConversationStore;
    project?: (folder: string | null) => ProjectContext | undefined;
  },
  conversationId: string,
  content: ContentBlock[],
): ContentBlock[] {
  const conversation = deps.store.summary(conversationId);
  return withPinnedFiles(deps.store, conversation, deps.project?.(conversation.project), content);
}

/** withPinnedFiles for a conversation started from a server's prompt: on its first user message. */
export function withPinnedPrompt<M extends { role: string; content: ContentBlock[] }>(
  store: ConversationStore,
  conversation: ConversationRecord,
  context: ProjectContext | undefined,
  messages: M[],
): M[] {
  const at = messages.findIndex((m) => m.role === 'user');
  if (at < 0) return messages;
  const content = withPinnedFiles(store, conversation, context, messages[at].content);
  return messages.map((m, i) => (i === at ? { ...m, content } : m));
}
