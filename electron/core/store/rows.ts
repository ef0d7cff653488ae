// Database rows ⇄ the shared chat types. JSON columns are parsed here and nowhere else.
import type { ConversationSummary, ConversationTools } from '../../../shared/chat/conversations';
import type { ConversationMeter } from '../../../shared/chat/meter';
import type {
  MessageOrigin,
  ChatMessage,
  ContentBlock,
  MessageStatus,
  Role,
  Usage,
} from '../../../shared/chat/messages';
import type { ToolCallStatus, ToolCallView } from '../../../shared/chat/tool-calls';
import { readNotes } from './stored-notes';

/** A conversation with what the list does not show: project folder, origin, soft-delete time. */
export interface ConversationRecord extends ConversationSummary {
  project: string | null;
  /** The conversation this one was duplicated or branched from. */
  parentId: string | null;
  branchFromSeq: number | null;
  deletedAt: number | null;
}

export interface ConversationRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
  model: string | null;
  project: string | null;
  parent_id: string | null;
  branch_from_seq: number | null;
  deleted_at: number | null;
  message_count: number;
  tools?: string | null;
  /** JSON ConversationMeter; absent in rows read before migration 8. */
  meter?: string | null;
  /** Absent in rows read before migration 9. */
  pinned_at?: number | null;
  archived_at?: number | null;
}

export interface MessageDbRow {
  id: string;
  conversation_id: string;
  seq: number;
  role: string;
  content: string;
  status: string;
  created_at: number;
  usage: string | null;
  stop_reason: string | null;
  error: string | null;
  /** JSON TurnStop; absent in rows read before migration 7. */
  stop?: string | null;
  origin?: string | null;
}

export interface ToolCallRow {
  id: string;
  conversation_id: string;
  message_id: string;
  server: string;
  tool: string;
  qualified_name: string;
  title: string | null;
  input: string;
  result: string | null;
  is_error: number;
  error_source: string | null;
  error_message: string | null;
  result_bytes: number | null;
  truncated: number;
  status: string;
  decision: string | null;
  decided_by: string | null;
  started_at: number | null;
  ended_at: number | null;
  duration_ms: number | null;
  late_result?: number;
}

const parse = <T>(json: string | null): T | null =>
  json === null ? null : (JSON.parse(json) as T);

export const toConversation = (r: ConversationRow): ConversationRecord => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  model: r.model,
  messageCount: r.message_count,
  project: r.project,
  parentId: r.parent_id,
  branchFromSeq: r.branch_from_seq,
  deletedAt: r.deleted_at,
  ...(r.tools ? { tools: parse<ConversationTools>(r.tools) as ConversationTools } : {}),
  ...(r.meter ? { meter: parse<ConversationMeter>(r.meter) as ConversationMeter } : {}),
  ...(r.pinned_at != null ? { pinned: true } : {}),
  ...(r.archived_at != null ? { archived: true } : {}),
});

export const toMessage = (r: MessageDbRow): ChatMessage => {
  const { error, stop } = readNotes(r.error, r.stop);
  return {
    id: r.id,
    conversationId: r.conversation_id,
    role: r.role as Role,
    content: JSON.parse(r.content) as ContentBlock[],
    status: r.status as MessageStatus,
    createdAt: r.created_at,
    seq: r.seq,
    stopReason: r.stop_reason,
    usage: parse<Usage>(r.usage),
    error,
    ...(stop ? { stop } : {}),
    ...(r.origin ? { origin: parse<MessageOrigin>(r.origin) } : {}),
  };
};

export const toToolCall = (r: ToolCallRow): ToolCallView => ({
  id: r.id,
  conversationId: r.conversation_id,
  messageId: r.message_id,
  server: r.server,
  tool: r.tool,
  qualifiedName: r.qualified_name,
  title: r.title,
  input: JSON.parse(r.input) as unknown,
  status: r.status as ToolCallStatus,
  result: parse<unknown>(r.result),
  isError: r.is_error === 1,
  errorSource: r.error_source as ToolCallView['errorSource'],
  errorMessage: r.error_message,
  resultBytes: r.result_bytes,
  truncated: r.truncated === 1,
  progress: null,
  decision: r.decision,
  decidedBy: r.decided_by,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  durationMs: r.duration_ms,
  ...(r.late_result === 1 ? { continuable: true } : {}),
});

/** The searchable text of some content: the text blocks, one per line. */
export function searchableText(content: readonly ContentBlock[]): string {
  return content
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
}
