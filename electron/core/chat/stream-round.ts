// One request to the Messages API, streamed: text and tool_use input deltas go out as events while
// they arrive, and every block is stored the moment it completes, so a crash loses only the block
// in flight. The SDK retries HTTP-level failures (429, 5xx, 529); a stream that breaks after it
// started is the caller's to retry (no tool has run for it).
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent } from '../../../shared/chat/events';
import type { ChatMessage, ContentBlock, Usage } from '../../../shared/chat/messages';
import { ERROR_CODE, errorInfo } from '../../../shared/result';
import type { ConversationStore } from '../store/conversations';

export interface StreamRoundInput {
  client: Anthropic;
  params: Anthropic.Messages.MessageStreamParams;
  conversationId: string;
  store: ConversationStore;
  emit: (event: ChatEvent) => void;
  signal: AbortSignal;
}

export interface ToolUse {
  id: string;
  name: string;
  input: unknown;
}

export interface StreamRoundResult {
  /** The stored assistant message (absent when the request failed before message_start). */
  message: ChatMessage | null;
  stopReason: string | null;
  toolUses: ToolUse[];
  usage: Usage;
  /** Set when the request or the stream failed; the partial message is stored as incomplete. */
  error: unknown;
  /** A refusal's category and explanation, from the final message_delta. */
  stopDetails?: { category: string | null; explanation: string | null } | null;
  stopSequence?: string | null;
  /** The tool whose input max_tokens cut off (never run). */
  cutToolUse?: string;
}

type Open = { block: Record<string, unknown>; partialJson: string };

// Long: one loop with a case per stream event, over the open blocks, usage and stop it keeps.
export async function streamRound(input: StreamRoundInput): Promise<StreamRoundResult> {
  const { client, params, conversationId, store, emit, signal } = input;
  const usage: Usage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheCreationTokens: 0,
  };
  const open = new Map<number, Open>();
  const toolUses: ToolUse[] = [];
  let message: ChatMessage | null = null;
  let stopReason: string | null = null;
  let stopDetails: StreamRoundResult['stopDetails'] = null;
  let stopSequence: string | null = null;
  let cutToolUse: string | undefined;

  try {
    const stream = client.messages.stream(params, { signal });
    for await (const event of stream) {
      switch (event.type) {
        case 'message_start': {
          const u = event.message.usage;
          usage.inputTokens = u.input_tokens ?? 0;
          usage.cacheReadTokens = u.cache_read_input_tokens ?? 0;
          usage.cacheCreationTokens = u.cache_creation_input_tokens ?? 0;
          usage.outputTokens = u.output_tokens ?? 0;
          message = store.append(conversationId, {
            role: 'assistant',
            content: [],
            status: 'streaming',
          });
          emit({ type: 'message-saved', conversationId, message });
          break;
        }
        case 'content_block_start': {
          const block = { ...(event.content_block as unknown as Record<string, unknown>) };
          if (block.type === 'text') block.text = '';
          if (block.type === 'tool_use' || block.type === 'server_tool_use') block.input = {};
          // Citations arrive as deltas; a block without any is stored without the field.
          if (
            block.citations === null ||
            (Array.isArray(block.citations) && block.citations.length === 0)
          )
            delete block.citations;
          open.set(event.index, { block, partialJson: '' });
          break;
        }
        case 'content_block_delta': {
          const current = open.get(event.index);
          if (!current || !message) break;
          const d = event.delta;
          if (d.type === 'text_delta') {
            current.block.text = String(current.block.text ?? '') + d.text;
            emit({
              type: 'text-delta',
              conversationId,
              messageId: message.id,
              index: event.index,
              text: d.text,
            });
          } else if (d.type === 'input_json_delta') {
            current.partialJson += d.partial_json;
            emit({
              type: 'tool-input-delta',
              conversationId,
              messageId: message.id,
              toolUseId: String(current.block.id),
              partialJson: current.partialJson,
            });
          } else if (d.type === 'thinking_delta') {
            current.block.thinking = String(current.block.thinking ?? '') + d.thinking;
            emit({
              type: 'thinking-delta',
              conversationId,
              messageId: message.id,
              index: event.index,
              thinking: d.thinking,
            });
          } else if (d.type === 'signature_delta') {
            current.block.signature = d.signature;
          } else if (d.type === 'citations_delta') {
            current.block.citations = [
              ...((current.block.citations as unknown[] | undefined) ?? []),
              d.citation,
            ];
          }
          break;
        }
        case 'content_block_stop': {
          const current = open.get(event.index);
          if (!current || !message) break;
          open.delete(event.index);
          if (current.block.type === 'tool_use' || current.block.type === 'server_tool_use')
            current.block.input = parseToolInput(current.partialJson);
          if (current.block.type === 'tool_use')
            toolUses.push({
              id: String(current.block.id),
              name: String(current.block.name),
              input: current.block.input,
            });
          // A whitespace-only text block ("\n\n" before a tool_use) is never stored: the API refuses it back.
          if (current.block.type === 'text' && String(current.block.text ?? '').trim() === '')
            break;
          store.appendBlock(message.id, current.block as ContentBlock);
          break;
        }
        case 'message_delta': {
          stopReason = event.delta.stop_reason ?? stopReason;
          const details = event.delta.stop_details;
          if (details)
            stopDetails = {
              category: details.category ?? null,
              explanation: details.explanation ?? null,
            };
          stopSequence = event.delta.stop_sequence ?? stopSequence;
          // The final usage is the one to keep (server tools add to it after message_start).
          const u = event.usage;
          if (u?.output_tokens !== undefined && u.output_tokens !== null)
            usage.outputTokens = u.output_tokens;
          if (typeof u?.input_tokens === 'number') usage.inputTokens = u.input_tokens;
          if (typeof u?.cache_read_input_tokens === 'number')
            usage.cacheReadTokens = u.cache_read_input_tokens;
          if (typeof u?.cache_creation_input_tokens === 'number')
            usage.cacheCreationTokens = u.cache_creation_input_tokens;
          break;
        }
        default:
          break;
      }
    }
    if (stopReason === 'max_tokens') {
      // A tool_use cut off by max_tokens has half its input: it is never run (nor any other use of
      // that answer: each would need a result), and its block is left unpaired, so never resent.
      const cut =
        toolUses.find(
          (u) => u.input !== null && typeof u.input === 'object' && '_invalidJson' in u.input,
        ) ?? toolUses.at(-1);
      cutToolUse = cut?.name;
      toolUses.length = 0;
    }
    if (message) {
      message = store.update(message.id, { status: 'complete', usage, stopReason });
      emit({ type: 'message-saved', conversationId, message });
      emit({ type: 'usage', conversationId, usage });
    }
    return {
      message,
      stopReason,
      toolUses,
      usage,
      error: null,
      stopDetails,
      stopSequence,
      ...(cutToolUse ? { cutToolUse } : {}),
    };
  } catch (error) {
    if (message) {
      // Keep what completed, and the text of a block in flight (the user saw it arrive; history.ts
      // sends an interrupted answer only as its text). A half-streamed tool_use or thinking block
      // is lost. Unrun tool_use blocks stay unpaired and are left out of the next request, so
      // nothing runs twice.
      for (const [, { block }] of [...open].sort(([a], [b]) => a - b)) {
        if (block.type === 'text' && String(block.text ?? '').trim() !== '')
          store.appendBlock(message.id, { type: 'text', text: String(block.text) });
      }
      message = store.update(message.id, {
        status: 'incomplete',
        stopReason,
        usage,
        error: errorInfo(
          ERROR_CODE.interrupted,
          signal.aborted ? 'Stopped.' : 'The answer was cut off.',
        ),
      });
      emit({ type: 'message-saved', conversationId, message });
    }
    return { message, stopReason, toolUses: [], usage, error };
  }
}

function parseToolInput(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json);
  } catch {
    return { _invalidJson: json };
  }
}
