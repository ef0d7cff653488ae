// A project's preferences as the window shows them (kept in Lena's home, never in the folder).
import type { ConversationTools } from './chat/conversations';

/** The `context` of a pinned file's document block: how the window tells it from an attachment. */
export const PINNED_CONTEXT = 'A file pinned to this project by the user.';

/**
 * A pinned file's identity in a conversation's history: its name and content (text, or a PDF's or
 * image's base64; a changed file is another); null for any other block.
 */
export function pinnedKey(block: { type: string; [key: string]: unknown }): string | null {
  if (block.type !== 'document' && block.type !== 'image') return null;
  if (block.context !== PINNED_CONTEXT) return null;
  const source = block.source as { type?: string; data?: unknown } | undefined;
  if ((source?.type !== 'text' && source?.type !== 'base64') || typeof source.data !== 'string')
    return null;
  return `${String(block.title)}\u0000${source.data}`;
}

/** What a project's pinned files can be, for the sheet and its refusals. */
export const PINNED_KINDS = 'text and code files, PDFs, and PNG, JPEG, GIF or WebP images';

/** One pinned file: its estimated token cost, or why it is not given. */
export interface PinnedFileView {
  path: string;
  name: string;
  /** Estimated tokens; 0 when the file is left out. */
  tokens: number;
  /** Why the file is left out (not found, too large, not a kind Claude reads). */
  error?: string;
}

export interface ProjectPrefsView {
  folder: string;
  instructions: string;
  pinned: PinnedFileView[];
  /** The pinned files' tokens altogether. */
  pinnedTokens: number;
  /** The model new conversations of the project start with; null = the settings' model. */
  model: string | null;
  tools: ConversationTools | null;
  /** The context window the warning is measured against (the project's or the settings' model). */
  contextLimit: number | null;
  /** Set when the pinned files take more than 20% of that window. */
  warning: string | null;
}
