// One conversation to Markdown (for reading), a standalone HTML page (export-html.ts) or JSON (for
// tools and re-import). The database holds
// no secrets; known secret values are still scrubbed from the output in case a tool echoed one.
import type { Conversation } from '../../../shared/chat/conversations';
import type { ContentBlock, ChatMessage } from '../../../shared/chat/messages';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { configuredSecrets, redact } from '../base/redact';
import { toHtml } from './export-html';
import { pretty, resultText } from './export-text';

export type ExportFormat = 'markdown' | 'json' | 'html';

const EXTENSION: Record<ExportFormat, string> = { markdown: 'md', json: 'json', html: 'html' };

export interface ExportOptions {
  /** Secret values to scrub (API key, `${secret:…}` values). */
  secrets?: readonly string[];
  now?: () => Date;
}

/** `{ filename, content }` as the `conversations:export` channel returns it. */
export function exportConversation(
  conversation: Conversation,
  format: ExportFormat,
  options: ExportOptions = {},
): { filename: string; content: string } {
  const now = (options.now ?? (() => new Date()))();
  const secrets = configuredSecrets(options.secrets ?? []);
  const content =
    format === 'json'
      ? toJson(conversation, now)
      : format === 'html'
        ? toHtml(conversation, now, (t) => redact(t, secrets))
        : toMarkdown(conversation, now);
  return {
    filename: `${slug(conversation.title)}.${EXTENSION[format]}`,
    // Secret-store values are redacted however short (as whole tokens).
    content: redact(content, secrets),
  };
}

/** A file name from a title: letters, digits and dashes, never empty. */
export function slug(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return s || 'conversation';
}

function toJson(c: Conversation, now: Date): string {
  const doc = {
    format: 'lena-conversation',
    version: 1,
    exportedAt: now.toISOString(),
    conversation: {
      id: c.id,
      title: c.title,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      model: c.model,
    },
    messages: c.messages.map((m) => ({
      id: m.id,
      seq: m.seq,
      role: m.role,
      status: m.status,
      createdAt: m.createdAt,
      content: m.content,
      stopReason: m.stopReason,
      usage: m.usage,
      error: m.error,
      ...(m.stop ? { stop: m.stop } : {}),
    })),
    toolCalls: c.toolCalls.map((t) => ({ ...t, progress: undefined })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A fence longer than any backtick run inside, so content cannot close it early. */
function fence(body: string, lang = ''): string {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${body}\n${ticks}`;
}

function toolCallMarkdown(call: ToolCallView): string {
  const timing = call.durationMs !== null ? `, ${call.durationMs} ms` : '';
  const decided = call.decision
    ? `, ${call.decision}${call.decidedBy ? ` by ${call.decidedBy}` : ''}`
    : '';
  const lines = [
    `**Tool call** \`${call.qualifiedName}\` (${call.status}${timing}${decided})`,
    '',
    fence(pretty(call.input), 'json'),
  ];
  if (call.result !== null || call.errorMessage) {
    lines.push(
      '',
      call.isError ? '**Error**' : '**Result**',
      '',
      fence(
        call.errorMessage && call.result === null ? call.errorMessage : resultText(call.result),
      ),
    );
  }
  return lines.join('\n');
}

function blockMarkdown(block: ContentBlock, calls: Map<string, ToolCallView>): string | undefined {
  switch (block.type) {
    case 'text':
      return String(block.text ?? '');
    case 'tool_use': {
      const call = calls.get(String(block.id));
      return call
        ? toolCallMarkdown(call)
        : `**Tool call** \`${String(block.name)}\`\n\n${fence(pretty(block.input), 'json')}`;
    }
    case 'tool_result':
      return undefined; // shown under its tool call
    case 'thinking':
      return `<details><summary>Thinking</summary>\n\n${String(block.thinking ?? '')}\n\n</details>`;
    case 'image':
      return '[image]';
    default:
      return `[${block.type}]`;
  }
}

function messageMarkdown(m: ChatMessage, calls: Map<string, ToolCallView>): string | undefined {
  const parts = m.content
    .map((b) => blockMarkdown(b, calls))
    .filter((p): p is string => p !== undefined && p !== '');
  if (parts.length === 0) return undefined;
  const note = m.status === 'incomplete' ? '\n\n_(incomplete: the answer was interrupted)_' : '';
  const error = m.error ? `\n\n> **${m.error.code}**: ${m.error.message}` : '';
  const stop = m.stop ? `\n\n> **${m.stop.kind}**: ${m.stop.message}` : '';
  return `## ${m.role === 'user' ? 'You' : 'Claude'}\n\n${parts.join('\n\n')}${note}${error}${stop}`;
}

function toMarkdown(c: Conversation, now: Date): string {
  const calls = new Map(c.toolCalls.map((t) => [t.id, t]));
  const header = `# ${c.title}\n\n_Exported from Lena on ${now.toISOString()}${c.model ? ` · model ${c.model}` : ''}_`;
  const body = c.messages
    .map((m) => messageMarkdown(m, calls))
    .filter((s): s is string => s !== undefined);
  return `${[header, ...body].join('\n\n')}\n`;
}
