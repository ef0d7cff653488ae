// What a project gives its conversations: its instructions, joined to the system prompt's stable
// block (before the cache mark, so the prompt cache keeps them), and its pinned files, given once
// as document blocks at the start of the conversation's first user turn (then part of the cached
// history), with an estimate of their tokens for the meter and the project sheet. A conversation
// moved to another project gets the files of that project it does not hold yet at the start of its
// next user turn: what was sent before stays, so the history's cached prefix is unchanged.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { PINNED_WARNING_SHARE } from '../../../shared/chat/meter';
import type { ContentBlock } from '../../../shared/chat/messages';
import { PINNED_CONTEXT, pinnedKey, type PinnedFileView } from '../../../shared/projects';
import type { ConversationRecord, ConversationStore } from '../store/conversations';
import { withPinned } from './meter';
import { BUILT_IN_MODELS } from './models';

/** The largest pinned file given (a text file; larger ones are listed with a reason, not sent). */
export const MAX_PINNED_BYTES = 1024 * 1024;

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

/** A rough token count of text (about four characters a token), plus a document block's framing. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4) + 10;
}

interface PinnedRead {
  blocks: ContentBlock[];
  files: PinnedFileView[];
  /** The tokens of the files that are given. */
  tokens: number;
}

function readOne(path: string): { text: string } | { error: string } {
  let size;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { error: 'not a file' };
    size = stat.size;
  } catch {
    return { error: 'not found' };
  }
  if (size > MAX_PINNED_BYTES)
    return { error: `${Math.round(size / 1024)} KB, over the ${MAX_PINNED_BYTES / 1024} KB limit` };
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    return { error: `unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (bytes.includes(0)) return { error: 'not a text file' };
  return { text: bytes.toString('utf8') };
}

/** Reads the pinned files: the blocks to give, and each file's cost or why it is left out. */
export function readPinned(paths: readonly string[]): PinnedRead {
  const blocks: ContentBlock[] = [];
  const files: PinnedFileView[] = [];
  let tokens = 0;
  for (const path of paths) {
    const name = basename(path);
    const read = readOne(path);
    if ('error' in read) {
      files.push({ path, name, tokens: 0, error: read.error });
      continue;
    }
    const cost = estimateTextTokens(read.text);
    tokens += cost;
    files.push({ path, name, tokens: cost });
    blocks.push({
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: read.text },
      title: name,
      context: PINNED_CONTEXT,
    });
  }
  return { blocks, files, tokens };
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
  const blocks = read.blocks.filter((b) => !held.has(pinnedKey(b) ?? ''));
  const tokens = blocks.reduce(
    (sum, b) => sum + estimateTextTokens(String((b.source as { data: string }).data)),
    0,
  );
  return { read, blocks, tokens };
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
