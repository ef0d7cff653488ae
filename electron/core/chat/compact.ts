// "Drop older tool results": the other way out of a conversation too big for the model. The
// results of all but the most recent tool rounds are replaced, in what is sent to Claude, by a
// short note; the full results stay in the tool-call records the window shows.
import type { ContentBlock } from '../../../shared/chat/messages';
import { SKILL_TOOL } from '../skills/catalog';
import type { ConversationStore } from '../store/conversations';

/** Rounds of tool results kept whole: the ones the current work most likely depends on. */
export const KEEP_RECENT_TOOL_ROUNDS = 2;

const DROPPED =
  '[This tool result was left out to save context; the user can still see it in Lena. Ask to run the tool again if you need it.]';

/** Returns how many results were dropped and roughly how many bytes that saves per request. */
export function dropOldToolResults(
  store: ConversationStore,
  conversationId: string,
  keep = KEEP_RECENT_TOOL_ROUNDS,
): { dropped: number; bytes: number } {
  const rounds = store
    .get(conversationId)
    .messages.filter((m) => m.role === 'user' && m.content.some((b) => b.type === 'tool_result'));
  // A loaded skill's instructions are kept: it is not loaded twice in a conversation.
  const skillUses = new Set<string>();
  for (const m of store.get(conversationId).messages)
    for (const b of m.content)
      if (b.type === 'tool_use' && b.name === SKILL_TOOL) skillUses.add(String(b.id));
  let dropped = 0;
  let bytes = 0;
  for (const message of rounds.slice(0, Math.max(0, rounds.length - keep))) {
    let changed = false;
    const content = message.content.map((b): ContentBlock => {
      if (
        b.type !== 'tool_result' ||
        skillUses.has(String(b.tool_use_id)) ||
        JSON.stringify(b.content).includes(DROPPED)
      )
        return b;
      changed = true;
      dropped++;
      bytes += JSON.stringify(b.content ?? '').length;
      return { ...b, content: [{ type: 'text', text: DROPPED }] };
    });
    if (changed) store.update(message.id, { content });
  }
  return { dropped, bytes };
}
