// Builds the Messages API `messages` from stored messages: superseded branches left out, an
// interrupted answer kept only as its text, tool_use blocks always paired with their results, and
// consecutive messages of the same role merged (the API requires alternation).
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ContentBlock } from '../../../shared/chat-types';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = Anthropic.Messages.ContentBlockParam;

function usable(block: ContentBlock): boolean {
  if (block.type === 'text') return typeof block.text === 'string' && block.text !== '';
  return true;
}

export function toApiMessages(messages: readonly ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.status === 'superseded' || m.role !== 'user') continue;
    for (const b of m.content) if (b.type === 'tool_result') answered.add(String(b.tool_use_id));
  }
  for (const m of messages) {
    if (m.status === 'superseded') continue;
    let blocks = m.content.filter(usable);
    if (m.role === 'assistant') {
      // An unpaired tool_use (the stream broke, or the app died before results were stored) is dropped.
      blocks = blocks.filter((b) => b.type !== 'tool_use' || answered.has(String(b.id)));
      if (m.status !== 'complete') blocks = blocks.filter((b) => b.type === 'text' || b.type === 'tool_use');
      // Thinking blocks without a signature cannot be sent back.
      blocks = blocks.filter((b) => b.type !== 'thinking' || typeof b.signature === 'string');
    }
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === m.role) (last.content as Block[]).push(...(blocks as unknown as Block[]));
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
  return cleaned;
}
