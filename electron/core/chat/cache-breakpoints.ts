// Where a request asks the prompt cache to keep its prefix. The API caches tools, system and
// messages in that order, up to a block marked with cache_control, at most four marks a request,
// and looks for an earlier entry up to 20 blocks back from each mark. Lena marks the last loaded
// tool (request-tools.ts), the system prompt, the end of the newest user turn (what the next
// request reads back) and the end of the user turn before it (so a round that added more than 20
// blocks still finds the previous request's entry). What views give the model is appended after
// the newest mark (view-context.ts), so it never breaks the prefix.
import type Anthropic from '@anthropic-ai/sdk';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = { type: string; text?: unknown; [key: string]: unknown };

const EPHEMERAL = { type: 'ephemeral' } as const;
const MARKABLE = new Set(['text', 'image', 'document', 'tool_result', 'tool_use', 'search_result']);

/**
 * The system prompt ending a cached prefix. The skills catalog, when there is one, is a second block
 * after the stable one: the mark moves onto it, so the prefix stays byte-stable and only a change
 * of the catalog rewrites the cache from there on.
 */
export function cachedSystem(text: string, catalog?: string): Anthropic.Messages.TextBlockParam[] {
  if (!catalog) return [{ type: 'text', text, cache_control: EPHEMERAL }];
  return [
    { type: 'text', text },
    { type: 'text', text: catalog, cache_control: EPHEMERAL },
  ];
}

/** Marks the last markable block of the newest two user turns (in place; the blocks are copied). */
export function markTurns(messages: MessageParam[]): void {
  let marked = 0;
  for (let i = messages.length - 1; i >= 0 && marked < 2; i--) {
    const m = messages[i];
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    const blocks = m.content as unknown as Block[];
    for (let j = blocks.length - 1; j >= 0; j--) {
      const b = blocks[j];
      if (!MARKABLE.has(b.type) || (b.type === 'text' && !String(b.text ?? '').trim())) continue;
      const copy = [...blocks];
      copy[j] = { ...b, cache_control: EPHEMERAL };
      m.content = copy as unknown as MessageParam['content'];
      marked++;
      break;
    }
  }
}
