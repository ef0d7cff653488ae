// Tool search blocks in the history stay valid whatever changed since (tools at scale): the API
// refuses a tool_reference to a tool the request does not define ("tool_reference_unresolved"),
// and search blocks without the search tool among `tools`. So a reference to a tool that was
// switched off or whose server is gone is dropped (in a search result) or becomes a short text
// note (in a tool_result), and the search tool is sent whenever the history used it — even on a
// turn below the budget, or after the user switched servers off.
import type Anthropic from '@anthropic-ai/sdk';
import { SERVER_SEARCH_TOOL } from './support';

type MessageParam = Anthropic.Messages.MessageParam;
type ToolUnion = Anthropic.Messages.ToolUnion;
type Block = { type?: string; name?: unknown; tool_name?: unknown; content?: unknown };

const blocksOf = (content: unknown): Block[] =>
  Array.isArray(content) ? (content as Block[]) : [];

/** True when an assistant message holds a call of Anthropic's tool search. */
export function historyUsesServerSearch(messages: readonly MessageParam[]): boolean {
  return messages.some((m) =>
    blocksOf(m.content).some(
      (b) =>
        b.type === 'server_tool_use' &&
        (b.name === 'tool_search_tool_bm25' || b.name === 'tool_search_tool_regex'),
    ),
  );
}

/** Adds the search tool when the history needs it and the tools lack it. */
export function ensureSearchTool(tools: ToolUnion[], messages: readonly MessageParam[]): void {
  if (
    !historyUsesServerSearch(messages) ||
    tools.some((t) => (t as { name?: string }).name === SERVER_SEARCH_TOOL.name)
  )
    return;
  tools.unshift({ ...SERVER_SEARCH_TOOL });
}

/** Drops references to tools `tools` does not define; edits the (fresh) messages in place. */
export function resolveReferences(messages: MessageParam[], tools: readonly ToolUnion[]): void {
  const defined = new Set(tools.map((t) => (t as { name?: string }).name));
  for (const m of messages)
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_search_tool_result') {
        const content = b.content as { tool_references?: Block[] } | undefined;
        if (content?.tool_references)
          b.content = {
            ...content,
            tool_references: content.tool_references.filter((r) =>
              defined.has(String(r.tool_name)),
            ),
          };
      }
      if (b.type === 'tool_result' && Array.isArray(b.content))
        b.content = (b.content as Block[]).map((r) =>
          r.type === 'tool_reference' && !defined.has(String(r.tool_name))
            ? { type: 'text', text: `(The tool ${String(r.tool_name)} is no longer available.)` }
            : r,
        );
    }
}
