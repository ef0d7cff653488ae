// Whether a tool call's tool reached the model through a tool search (tools at scale): a
// tool_reference to it in a tool_search_tool_result (Anthropic's search), or Lena's own
// lena_tool_search answer listing it, in this message or the few before it (a search and the call
// it leads to sit in the same turn). Pure and bounded: it runs in a store selector per tool card.
import type { ChatMessage } from '../../shared/chat/messages';
import type { ToolCallView } from '../../shared/chat/tool-calls';

type Block = { type?: unknown; id?: unknown; name?: unknown; content?: unknown };
const LOOKBACK = 6;

export function foundBySearch(
  messages: readonly ChatMessage[],
  messageId: string,
  name: string,
  calls: Readonly<Record<string, ToolCallView>>,
): boolean {
  let at = messages.length - 1;
  while (at >= 0 && messages[at].id !== messageId) at--;
  for (let i = at; i >= 0 && i > at - LOOKBACK; i--) {
    for (const b of messages[i].content as Block[]) {
      if (b.type === 'tool_search_tool_result') {
        const refs =
          (b.content as { tool_references?: Array<{ tool_name?: unknown }> } | undefined)
            ?.tool_references ?? [];
        if (refs.some((r) => r.tool_name === name)) return true;
      }
      // Lena's own search: its answer lists the loaded tools as "- <name>: …" lines.
      if (
        b.type === 'tool_use' &&
        b.name === 'lena_tool_search' &&
        JSON.stringify(calls[String(b.id)]?.result ?? '').includes(`- ${name}:`)
      )
        return true;
    }
  }
  return false;
}
