// Builds the Messages API `messages` from stored messages: superseded branches left out, an
// interrupted answer kept only as its text, an answer that was retried after a broken stream left
// out (the retry replaced it), a refused exchange left out (the API docs advise resetting that
// context), tool_use blocks always paired with their results, consecutive messages of the same
// role merged (the API requires alternation), and never a trailing assistant message (current
// models refuse a prefill) except the unchanged content of a pause_turn answer.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ContentBlock } from '../../../shared/chat-types';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = Anthropic.Messages.ContentBlockParam;

function usable(block: ContentBlock): boolean {
  if (block.type === 'text') return typeof block.text === 'string' && block.text.trim() !== '';
  return true;
}

const isPrompt = (m: ChatMessage) => m.role === 'user' && m.content.some((b) => b.type !== 'tool_result');

/** Ids of messages left out of every later request: refused exchanges and retried partial answers. */
export function excludedMessages(messages: readonly ChatMessage[]): Set<string> {
  const out = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    if (m.error?.retried) out.add(m.id);
    if (m.stopReason !== 'refusal') return;
    for (let j = i; j >= 0; j--) {
      out.add(messages[j].id);
      if (isPrompt(messages[j])) break;
    }
  });
  return out;
}

export function toApiMessages(stored: readonly ChatMessage[]): MessageParam[] {
  const excluded = excludedMessages(stored);
  const messages = stored.filter((m) => m.status !== 'superseded' && !excluded.has(m.id));
  const out: MessageParam[] = [];
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const b of m.content) if (b.type === 'tool_result') answered.add(String(b.tool_use_id));
  }
  const last = messages[messages.length - 1];
  const paused = last?.role === 'assistant' && last.status === 'complete' && last.stopReason === 'pause_turn' ? last : undefined;
  for (const m of messages) {
    let blocks = m === paused ? m.content : m.content.filter(usable);
    if (m.role === 'assistant' && m !== paused) {
      // An unpaired tool_use (the stream broke, max_tokens cut it, or the app died before results
      // were stored) is dropped.
      blocks = blocks.filter((b) => b.type !== 'tool_use' || answered.has(String(b.id)));
      if (m.status !== 'complete') blocks = blocks.filter((b) => b.type === 'text' || b.type === 'tool_use');
      // Thinking blocks without a signature cannot be sent back.
      blocks = blocks.filter((b) => b.type !== 'thinking' || typeof b.signature === 'string');
    }
    if (blocks.length === 0) continue;
    const prev = out[out.length - 1];
    if (prev && prev.role === m.role) (prev.content as Block[]).push(...(blocks as unknown as Block[]));
    else out.push({ role: m.role, content: [...(blocks as unknown as Block[])] });
  }
  // Results whose tool_use is gone would be rejected: keep only those that still pair.
  const uses = new Set<string>();
  for (const m of out) if (m.role === 'assistant') for (const b of m.content as Block[]) if (b.type === 'tool_use') uses.add(b.id);
  for (const m of out) {
    if (m.role !== 'user') continue;
    m.content = (m.content as Block[]).filter((b) => b.type !== 'tool_result' || uses.has(b.tool_use_id));
  }
  const cleaned = out.filter((m) => (m.content as Block[]).length > 0);
  while (cleaned.length > 0 && cleaned[0].role !== 'user') cleaned.shift();
  // No prefill: a request ends with the user's turn, or with exactly the paused content.
  // (A paused answer is the last stored message, so the merged last message ends with it.)
  while (cleaned.length > 0 && cleaned[cleaned.length - 1].role === 'assistant' && !paused) cleaned.pop();
  return cleaned;
}
