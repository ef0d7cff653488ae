// The tools a conversation has already used or had found by search: they stay loaded (never
// deferred), so the model can call them again without searching, and every earlier tool_use and
// tool_reference still names a tool the request defines. With Anthropic's tool search only the
// tools used without a reference are loaded (toolsUsedUnreferenced).
import type Anthropic from '@anthropic-ai/sdk';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = { type?: string; name?: unknown; tool_name?: unknown; content?: unknown };

const blocksOf = (content: unknown): Block[] =>
  Array.isArray(content) ? (content as Block[]) : [];

/** Names in tool_use blocks and in tool_reference blocks (server search results and tool results). */
export function toolsNamedIn(messages: readonly MessageParam[]): Set<string> {
  const names = new Set<string>();
  for (const m of messages)
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_use' && typeof b.name === 'string') names.add(b.name);
      for (const ref of referencesIn(b)) names.add(ref);
    }
  return names;
}

/**
 * With Anthropic's tool search: tools the history calls without any tool_reference that loaded
 * them (used before deferral engaged). A referenced tool stays deferred: the API expands its
 * reference inside the messages, so the tools prefix, and the prompt cache after it, stay as
 * they were.
 */
export function toolsUsedUnreferenced(messages: readonly MessageParam[]): Set<string> {
  const used = new Set<string>();
  const referenced = new Set<string>();
  for (const m of messages)
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_use' && typeof b.name === 'string') used.add(b.name);
      for (const ref of referencesIn(b)) referenced.add(ref);
    }
  for (const name of referenced) used.delete(name);
  return used;
}

/** tool_reference names inside one block (a tool_search_tool_result or a tool_result). */
export function referencesIn(block: Block): string[] {
  if (block.type === 'tool_search_tool_result') {
    const refs = (block.content as { tool_references?: unknown } | undefined)?.tool_references;
    return blocksOf(refs)
      .filter((r) => r.type === 'tool_reference' && typeof r.tool_name === 'string')
      .map((r) => r.tool_name as string);
  }
  if (block.type === 'tool_result')
    return blocksOf(block.content)
      .filter((r) => r.type === 'tool_reference' && typeof r.tool_name === 'string')
      .map((r) => r.tool_name as string);
  return [];
}
