// A JSON export (export.ts) read back as a new conversation. The file is untrusted input in every
// field: whoever handed it over wrote it. It is size-capped, parsed against a strict schema, and
// only what a conversation is made of is taken: new ids, no project, no tool switches, no meter,
// and never a boundary (the chat service draws a fresh one). Errors say which field is wrong.
import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '../../../shared/chat/conversations';
import type { ContentBlock, MessageStatus, Role, Usage } from '../../../shared/chat/messages';
import { ERROR_CODE, LenaError, type ErrorCode, type ErrorInfo } from '../../../shared/result';
import type { ToolCallUpsert } from './tool-calls';

export { IMPORT_MAX_BYTES };
export const IMPORT_MAX_MESSAGES = 50_000;

const short = (max: number) => z.string().max(max);
const time = z.number().int().min(0).max(8_640_000_000_000_000);
const block = z
  .object({ type: z.string().regex(/^[a-z_]{1,64}$/, 'a block type is lower-case letters') })
  .passthrough();
const usage = z
  .object({
    inputTokens: z.number().int().min(0),
    outputTokens: z.number().int().min(0),
    cacheReadTokens: z.number().int().min(0),
    cacheCreationTokens: z.number().int().min(0),
  })
  .strip();
const message = z
  .object({
    id: short(200),
    role: z.enum(['user', 'assistant']),
    status: z.enum(['complete', 'streaming', 'incomplete', 'superseded']).optional(),
    createdAt: time.optional(),
    content: z.array(block).max(10_000),
    stopReason: short(100).nullable().optional(),
    usage: usage.nullable().optional(),
    error: z
      .object({ code: short(100), message: short(20_000) })
      .strip()
      .nullable()
      .optional(),
  })
  .strip();
const toolCall = z
  .object({
    id: short(200),
    messageId: short(200),
    server: short(300),
    tool: short(300),
    qualifiedName: short(600),
    title: short(500).nullable().optional(),
    input: z.unknown(),
    status: z.enum(['pending', 'running', 'done', 'error', 'denied', 'cancelled']),
    result: z.unknown().optional(),
    isError: z.boolean().optional(),
    errorSource: z.enum(['tool', 'server']).nullable().optional(),
    errorMessage: short(20_000).nullable().optional(),
    resultBytes: z.number().int().min(0).nullable().optional(),
    truncated: z.boolean().optional(),
    decision: short(200).nullable().optional(),
    decidedBy: short(200).nullable().optional(),
    startedAt: time.nullable().optional(),
    endedAt: time.nullable().optional(),
  })
  .strip();
const exportFile = z
  .object({
    format: z.literal('lena-conversation'),
    version: z.literal(1),
    conversation: z.object({ title: short(500), model: short(200).nullable().optional() }).strip(),
    messages: z.array(message).max(IMPORT_MAX_MESSAGES),
    toolCalls: z
      .array(toolCall)
      .max(IMPORT_MAX_MESSAGES * 4)
      .optional(),
  })
  .strip();

export interface ImportedMessage {
  fileId: string;
  role: Role;
  content: ContentBlock[];
  status: MessageStatus;
  createdAt?: number;
  stopReason: string | null;
  usage: Usage | null;
  error: ErrorInfo | null;
}

/** A tool call as the file has it: what the store keeps of one, tied to the file's message id. */
export type ImportedToolCall = Required<
  Omit<ToolCallUpsert, 'conversationId' | 'messageId' | 'durationMs' | 'continuable'>
> & { fileMessageId: string };

export interface ImportedConversation {
  title: string;
  model: string | null;
  messages: ImportedMessage[];
  toolCalls: ImportedToolCall[];
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODE));

/**
 * A block as Lena keeps it, whatever the file says: a tool result's text is server data however
 * the file flags it (so it is wrapped with the conversation's boundary when sent), and an image
 * or document the API would fetch from a URL stays out (a file must not make requests go out).
 */
function keptBlock(block: ContentBlock): ContentBlock {
  const source = block.source as { type?: unknown } | undefined;
  if ((block.type === 'image' || block.type === 'document') && source?.type !== 'base64')
    return { type: 'text', text: `[${block.type} from the imported file left out: not embedded]` };
  if (block.type !== 'tool_result') return block;
  const raw = block.content;
  const parts =
    typeof raw === 'string' ? [{ type: 'text', text: raw }] : Array.isArray(raw) ? raw : [];
  return {
    ...block,
    content: parts
      .filter((p): p is ContentBlock => typeof p === 'object' && p !== null)
      .map((p) => (p.type === 'text' ? { ...p, untrusted: true } : keptBlock(p))),
  };
}

const bad = (why: string) =>
  new LenaError(
    ERROR_CODE.invalidArguments,
    `This file cannot be imported: ${why}. Import a JSON file that Lena exported ("Export as JSON").`,
  );

/** The path and message of the first problems zod found, in words. */
function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'the file'}: ${i.message}`)
    .join('; ');
}

/**
 * Parses and checks an exported conversation. Throws invalid-arguments, naming the field, for a file
 * that is too large, not JSON, or not a Lena export. Answers left streaming and calls left running
 * in the file become interrupted ones: nothing imported is in flight.
 */
export function parseConversationExport(text: string): ImportedConversation {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > IMPORT_MAX_BYTES)
    throw bad(
      `it is ${Math.ceil(bytes / 1024 / 1024)} MB, more than the ${IMPORT_MAX_BYTES / 1024 / 1024} MB an import reads`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw bad(`it is not JSON (${(err as Error).message})`);
  }
  const kind = (json as { format?: unknown } | null)?.format;
  if (kind !== 'lena-conversation') throw bad('it is not a Lena conversation export');
  const parsed = exportFile.safeParse(json);
  if (!parsed.success) throw bad(describe(parsed.error));
  const doc = parsed.data;
  const messages = doc.messages
    // A file may carry kept branches; only the current one is a conversation to continue.
    .filter((m) => m.status !== 'superseded')
    .map((m): ImportedMessage => ({
      fileId: m.id,
      role: m.role,
      content: (m.content as ContentBlock[]).map(keptBlock),
      status: m.status === 'streaming' ? 'incomplete' : (m.status ?? 'complete'),
      ...(m.createdAt !== undefined ? { createdAt: m.createdAt } : {}),
      stopReason: m.stopReason ?? null,
      usage: m.usage ?? null,
      // Only a code and words: an action or data from the file could make a button do anything.
      error: m.error
        ? {
            code: (KNOWN_CODES.has(m.error.code) ? m.error.code : ERROR_CODE.internal) as ErrorCode,
            message: m.error.message,
          }
        : null,
    }));
  const kept = new Set(messages.map((m) => m.fileId));
  const toolCalls = (doc.toolCalls ?? [])
    .filter((t) => kept.has(t.messageId))
    .map((t): ImportedToolCall => ({
      id: t.id,
      fileMessageId: t.messageId,
      server: t.server,
      tool: t.tool,
      qualifiedName: t.qualifiedName,
      title: t.title ?? null,
      input: t.input ?? null,
      status: t.status === 'pending' || t.status === 'running' ? 'cancelled' : t.status,
      result: t.result ?? null,
      isError: t.isError ?? false,
      errorSource: t.errorSource ?? null,
      errorMessage: t.errorMessage ?? null,
      resultBytes: t.resultBytes ?? null,
      truncated: t.truncated ?? false,
      decision: t.decision ?? null,
      decidedBy: t.decidedBy ?? null,
      startedAt: t.startedAt ?? null,
      endedAt: t.endedAt ?? null,
    }));
  const title = doc.conversation.title.trim() || 'Imported conversation';
  return { title, model: doc.conversation.model ?? null, messages, toolCalls };
}
