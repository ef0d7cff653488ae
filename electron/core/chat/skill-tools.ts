// Lena's own skill tools answered: `lena_skill` returns a skill's body (as untrusted data, inside
// the markers) with its file list; `lena_skill_file` reads one file of a skill loaded in this
// conversation, inside the skill's folder only and within the tool-result size limit. A skill
// already loaded in the conversation is not sent again. Scripts are listed, never run.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ChatMessage } from '../../../shared/chat/messages';
import { LenaError } from '../../../shared/result';
import { DEFAULT_RESULT_LIMITS } from '../mcp/registry/results';
import { SKILL_FILE_TOOL, SKILL_TOOL } from '../skills/catalog';
import type { SkillsService } from '../skills/service';
import { readSkillFile } from '../skills/skill-files';
import type { ConversationStore } from '../store/conversations';
import type { ToolUse } from './stream-round';
import { loadServerSkill, readServerSkillFile, skillFileList } from './server-skill-tools';
import { untrustedText } from './untrusted';

type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

export const isSkillUse = (use: ToolUse): boolean =>
  use.name === SKILL_TOOL || use.name === SKILL_FILE_TOOL;

const field = (input: unknown, key: string): string => {
  const value = (input as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** Names of the skills loaded (successfully) in these stored messages. */
export function loadedSkills(messages: readonly ChatMessage[]): Set<string> {
  const asked = new Map<string, string>();
  const loaded = new Set<string>();
  for (const m of messages)
    for (const b of m.content as unknown as Array<Record<string, unknown>>) {
      if (b.type === 'tool_use' && b.name === SKILL_TOOL)
        asked.set(String(b.id), field(b.input, 'name'));
      if (b.type === 'tool_result' && !b.is_error && asked.has(String(b.tool_use_id)))
        loaded.add(asked.get(String(b.tool_use_id))!);
    }
  return loaded;
}

const text = (id: string, body: string, isError = false): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text: body }],
  ...(isError ? { is_error: true } : {}),
});

async function answerOne(
  use: ToolUse,
  skills: SkillsService,
  loaded: Set<string>,
  maxChars: number,
  off: readonly string[],
): Promise<ToolResultBlock> {
  const name = field(use.input, 'name');
  // A skill switched off in this conversation is not there for the model, as in its catalog.
  const enabled = (await skills.enabled()).filter((e) => !off.includes(e.view.name));
  const entry = enabled.find((e) => e.view.name === name);
  if (!entry) {
    const names = enabled.map((e) => e.view.name).join(', ') || '(none)';
    const waiting = name.includes(':')
      ? (await skills.list()).find((v) => v.name === name && v.state === 'needs-approval')
      : undefined;
    if (waiting)
      return text(
        use.id,
        `The skill "${name}" from the MCP server "${waiting.server}" ${waiting.change ? 'changed since the user approved it' : 'is not approved yet'}; the user must approve it on the Skills page before it can be used. Enabled skills: ${names}.`,
        true,
      );
    return text(
      use.id,
      `There is no enabled skill named "${name}". Enabled skills: ${names}.`,
      true,
    );
  }
  if (entry.server) {
    if (use.name === SKILL_TOOL) {
      if (loaded.has(name))
        return text(use.id, `The skill "${name}" is already loaded earlier in this conversation.`);
      const result = await loadServerSkill(use.id, entry.server);
      if (!result.is_error) loaded.add(name);
      return result;
    }
    if (!loaded.has(name))
      return text(
        use.id,
        `Load the skill "${name}" with ${SKILL_TOOL} before reading its files.`,
        true,
      );
    return readServerSkillFile(use.id, entry.server, field(use.input, 'path'), maxChars);
  }
  const { skill, view } = entry;
  if (use.name === SKILL_TOOL) {
    if (loaded.has(name))
      return text(use.id, `The skill "${name}" is already loaded earlier in this conversation.`);
    loaded.add(name);
    const files = view.files.filter((f) => !f.outside);
    const list = skillFileList(files);
    return {
      type: 'tool_result',
      tool_use_id: use.id,
      content: [
        {
          type: 'text',
          text: `Skill "${name}" (${view.origin}). Its SKILL.md follows; its files are listed after it.`,
        },
        untrustedText(skill.body ?? '') as unknown as Anthropic.Messages.TextBlockParam,
        untrustedText(
          `Files (read with ${SKILL_FILE_TOOL}):\n${list}`,
        ) as unknown as Anthropic.Messages.TextBlockParam,
      ],
    };
  }
  if (!loaded.has(name))
    return text(
      use.id,
      `Load the skill "${name}" with ${SKILL_TOOL} before reading its files.`,
      true,
    );
  try {
    const content = readSkillFile(skill.folder, field(use.input, 'path'), maxChars);
    return {
      type: 'tool_result',
      tool_use_id: use.id,
      content: [untrustedText(content) as unknown as Anthropic.Messages.TextBlockParam],
    };
  } catch (err) {
    if (err instanceof LenaError) return text(use.id, err.message, true);
    throw err;
  }
}

export interface SkillToolsContext {
  skills: SkillsService;
  store: ConversationStore;
  emit: (event: ChatEvent) => void;
  conversationId: string;
  messageId: string;
  maxChars?: number;
}

/** Answers the round's skill tool uses, in order; each is recorded as a call of server "lena". */
export async function answerSkillUses(
  uses: readonly ToolUse[],
  ctx: SkillToolsContext,
): Promise<Map<string, ToolResultBlock>> {
  const answers = new Map<string, ToolResultBlock>();
  if (uses.length === 0) return answers;
  const loaded = loadedSkills(ctx.store.get(ctx.conversationId).messages);
  const maxChars = ctx.maxChars ?? DEFAULT_RESULT_LIMITS.maxTextChars;
  const off = ctx.store.summary(ctx.conversationId).tools?.offSkills ?? [];
  for (const use of uses) {
    const result = await answerOne(use, ctx.skills, loaded, maxChars, off);
    answers.set(use.id, result);
    const now = Date.now();
    const shown = (result.content as Array<{ text: string }>).map((b) => b.text).join('\n\n');
    const call = ctx.store.upsertToolCall({
      id: use.id,
      conversationId: ctx.conversationId,
      messageId: ctx.messageId,
      server: 'lena',
      tool: use.name,
      qualifiedName: use.name,
      title: use.name === SKILL_TOOL ? 'Load skill (Lena)' : 'Read skill file (Lena)',
      input: use.input,
      status: result.is_error ? 'error' : 'done',
      isError: result.is_error === true,
      result: { content: [{ type: 'text', text: shown }] },
      startedAt: now,
      endedAt: now,
    });
    ctx.emit({ type: 'tool-call-updated', conversationId: ctx.conversationId, call });
  }
  return answers;
}
