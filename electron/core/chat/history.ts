// Builds the Messages API `messages` from stored messages: superseded branches left out, an
// interrupted answer kept only as its text, an answer that was retried after a broken stream left
// out (the retry replaced it), a refused exchange left out (the API docs advise resetting that
// context), tool_use blocks always paired with their results, consecutive messages of the same
// role merged (the API requires alternation), and never a trailing assistant message (current
// models refuse a prefill) except the unchanged content of a pause_turn answer.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ContentBlock } from '../../../shared/chat/messages';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = Anthropic.Messages.ContentBlockParam;

function usable(block: ContentBlock): boolean {
  if (block.type === 'text') return typeof block.text === 'string' && block.text.trim() !== '';
  return true;
}

const isPrompt = (m: ChatMessage) =>
  m.role === 'user' && m.content.some((b) => b.type !== 'tool_result');

/** Ids of messages left out of every later request: refused exchanges and retried partial answers. */
export function excludedMessages(messages: readonly ChatMessage[]): Set<string> {
  const out = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    if (m.error?.data?.retried) out.add(m.id);
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
  const merged: MessageParam[] = [];
  const last = messages[messages.length - 1];
  const paused =
    last?.role === 'assistant' && last.status === 'complete' && last.stopReason === 'pause_turn'
      ? last
      : undefined;
  for (const m of messages) {
    let blocks = m === paused ? m.content : m.content.filter(usable);
    if (m.role === 'assistant' && m !== paused) {
      if (m.status !== 'complete')
        blocks = blocks.filter((b) => b.type === 'text' || b.type === 'tool_use');
      // Thinking blocks without a signature cannot be sent back.
      blocks = blocks.filter((b) => b.type !== 'thinking' || typeof b.signature === 'string');
    }
    push(merged, m.role, blocks as unknown as Block[]);
  }
  // A tool_use is paired only with a result in the very next user message, as the API requires.
  // An unpaired one (the stream broke, max_tokens cut it, the app died before results were
  // stored, or its task's result was sent later as a new turn) is dropped, and so is a result
  // whose tool_use is not right before it.
  const out: MessageParam[] = [];
  merged.forEach((m, i) => {
    const content = m.content as Block[];
    if (m.role === 'assistant') {
      const next = merged[i + 1];
      const results = new Set(
        next?.role === 'user'
          ? (next.content as Block[]).flatMap((b) =>
              b.type === 'tool_result' ? [b.tool_use_id] : [],
            )
          : [],
      );
      push(
        out,
        'assistant',
        content.filter((b) => b.type !== 'tool_use' || results.has(b.id)),
      );
    } else if (m.role === 'user') {
      const prev = merged[i - 1];
      const uses = new Set(
        prev?.role === 'assistant'
          ? (prev.content as Block[]).flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
          : [],
      );
      push(
        out,
        'user',
        content.filter((b) => b.type !== 'tool_result' || uses.has(b.tool_use_id)),
      );
    }
  });
  while (out.length > 0 && out[0].role !== 'user') out.shift();
  // No prefill: a request ends with the user's turn, or with exactly the paused content.
  // (A paused answer is the last stored message, so the merged last message ends with it.)
  while (out.length > 0 && out[out.length - 1].role === 'assistant' && !paused) out.pop();
  return out;
}

/** Appends blocks, merging with the last message when it has the same role (the API requires alternation). */
function push(out: MessageParam[], role: string, blocks: Block[]): void {
  if (blocks.length === 0) return;
  const prev = out[out.length - 1];
  if (prev && prev.role === role) (prev.content as Block[]).push(...blocks);
  else out.push({ role, content: [...blocks] } as MessageParam);
}
