// "This conversation is too long": start a new one seeded with a summary of it. The model writes
// the summary from the conversation's text (cut to what fits); if that fails, a plain excerpt of
// the first request and the latest exchanges is used, so the action always works.
// The new conversation keeps what the user set on the old one: its model, project and tool switches.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ChatMessage } from '../../../shared/chat/messages';
import { loadedSkills } from './skill-tools';
import type { ConversationStore } from '../store/conversations';
import { anthropicClient, type ChatSettings } from './chat-settings';
import { withPinnedFiles, type ProjectContext } from './project-context';

/** Characters of conversation text sent for summarising (well inside any model's context). */
const SUMMARY_INPUT_CHARS = 120_000;

export function conversationText(messages: readonly ChatMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    if (m.status === 'superseded') continue;
    const text = m.content
      .map((b) =>
        b.type === 'text'
          ? String(b.text)
          : b.type === 'tool_use'
            ? `[called ${String(b.name)}]`
            : b.type === 'tool_result'
              ? '[tool result]'
              : '',
      )
      .filter(Boolean)
      .join('\n');
    if (text) lines.push(`${m.role === 'user' ? 'User' : 'Assistant'}: ${text}`);
  }
  return lines.join('\n\n');
}

/** Keeps the start and the end of a long text: the first request and the latest state matter most. */
export function fitText(text: string, max = SUMMARY_INPUT_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.25);
  return `${text.slice(0, head)}\n\n[… ${text.length - max} characters left out …]\n\n${text.slice(text.length - (max - head))}`;
}

export function localSummary(title: string, messages: readonly ChatMessage[]): string {
  return fitText(conversationText(messages), 4000).replace(
    /^/,
    `(Excerpt of "${title}"; a model summary was not available.)\n\n`,
  );
}

export async function modelSummary(
  client: Anthropic,
  model: string,
  title: string,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): Promise<string> {
  const response = await client.messages.create(
    {
      model,
      max_tokens: 2048,
      system: 'You write handover summaries so a conversation can continue in a fresh context.',
      messages: [
        {
          role: 'user',
          content: `Summarise the conversation "${title}" below for continuing it: the goal, decisions, facts and file names that matter, what was done with tools, and what is still open. Be complete but concise.\n\n<conversation>\n${fitText(conversationText(messages))}\n</conversation>`,
        },
      ],
    },
    { signal },
  );
  const text = response.content
    .map((b) => (b.type === 'text' ? b.text : ''))
    .join('')
    .trim();
  if (!text) throw new Error('empty summary');
  return text;
}

export function seedMessage(
  title: string,
  summary: string,
  skills: readonly string[] = [],
): string {
  const loaded = skills.length
    ? `\n\nSkills loaded in it: ${skills.join(', ')}. Load them again with lena_skill before relying on their instructions.`
    : '';
  return `This continues the conversation "${title}", which grew too long for the model's context. Summary of it so far:\n\n${summary}${loaded}`;
}

export interface SummaryDeps {
  store: ConversationStore;
  apiKey: () => Promise<string | undefined>;
  emit: (event: ChatEvent) => void;
  /** The project's instructions and pinned files (engine-deps.ts). */
  project?: (folder: string | null) => ProjectContext | undefined;
}

/**
 * Starts the conversation that continues `conversationId` from a summary of it (`settings`: that
 * conversation's own, so its model writes the summary and carries on). The old one stays as it is.
 */
export async function startFromSummary(
  deps: SummaryDeps,
  conversationId: string,
  settings: ChatSettings,
): Promise<{ id: string; usedModel: boolean }> {
  const old = deps.store.get(conversationId);
  let summary: string;
  let usedModel = false;
  try {
    const apiKey = await deps.apiKey();
    if (!apiKey) throw new Error('no API key');
    summary = await modelSummary(
      await anthropicClient(settings, apiKey),
      settings.model,
      old.title,
      old.messages,
    );
    usedModel = true;
  } catch {
    summary = localSummary(old.title, old.messages);
  }
  // Its tool switches (issue 16) and project go with it, as with a duplicate: the same tools on
  // and off, the same project servers, without the user setting them again.
  const created = deps.store.create({
    title: `${old.title} (continued)`.slice(0, 200),
    model: settings.model,
    project: old.project,
    tools: old.tools ?? null,
  });
  // The skills it loaded go on: named in the seed, so Claude loads them again here. The project's
  // pinned files are given again: the summary does not hold them.
  const seed = [
    { type: 'text', text: seedMessage(old.title, summary, [...loadedSkills(old.messages)]) },
  ];
  const project = deps.project?.(old.project);
  const message = deps.store.append(created.id, {
    role: 'user',
    content: withPinnedFiles(deps.store, created, project, seed),
  });
  deps.emit({ type: 'message-saved', conversationId: created.id, message });
  return { id: created.id, usedModel };
}
