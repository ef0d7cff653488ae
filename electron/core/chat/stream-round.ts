// One request to the Messages API, streamed: text and tool_use input deltas go out as events while
// they arrive, and every block is stored the moment it completes, so a crash loses only the block
// in flight. The SDK retries HTTP-level failures (429, 5xx, 529); a stream that breaks after it
// started is the caller's to retry (no tool has run for it).
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatEvent, ChatMessage, ContentBlock, Usage } from '../../../shared/chat-types';
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
}

type Open = { block: Record<string, unknown>; partialJson: string };

export async function streamRound(input: StreamRoundInput): Promise<StreamRoundResult> {
  const { client, params, conversationId, store, emit, signal } = input;
  const usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
  const open = new Map<number, Open>();
  const toolUses: ToolUse[] = [];
  let message: ChatMessage | null = null;
  let stopReason: string | null = null;

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
          message = store.append(conversationId, { role: 'assistant', content: [], status: 'streaming' });
          emit({ type: 'message-saved', conversationId, message });
          break;
        }
        case 'content_block_start': {
          const block = { ...(event.content_block as unknown as Record<string, unknown>) };
          if (block.type === 'text') block.text = '';
          if (block.type === 'tool_use') block.input = {};
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
            emit({ type: 'text-delta', conversationId, messageId: message.id, index: event.index, text: d.text });
          } else if (d.type === 'input_json_delta') {
            current.partialJson += d.partial_json;
            emit({ type: 'tool-input-delta', conversationId, messageId: message.id, toolUseId: String(current.block.id), partialJson: current.partialJson });
          } else if (d.type === 'thinking_delta') {
            current.block.thinking = String(current.block.thinking ?? '') + d.thinking;
          } else if (d.type === 'signature_delta') {
            current.block.signature = d.signature;
          }
          break;
        }
        case 'content_block_stop': {
          const current = open.get(event.index);
          if (!current || !message) break;
          open.delete(event.index);
          if (current.block.type === 'tool_use') {
            current.block.input = parseToolInput(current.partialJson);
            toolUses.push({ id: String(current.block.id), name: String(current.block.name), input: current.block.input });
          }
          store.appendBlock(message.id, current.block as ContentBlock);
          break;
        }
        case 'message_delta': {
          stopReason = event.delta.stop_reason ?? stopReason;
          if (event.usage?.output_tokens !== undefined) usage.outputTokens = event.usage.output_tokens;
          break;
        }
        default:
          break;
      }
    }
    if (message) {
      message = store.update(message.id, { status: 'complete', usage, stopReason });
      emit({ type: 'message-saved', conversationId, message });
      emit({ type: 'usage', conversationId, usage });
    }
    return { message, stopReason, toolUses, usage, error: null };
  } catch (error) {
    if (message) {
      // Keep what completed; the block in flight is lost. Unrun tool_use blocks stay unpaired and
      // are left out of the next request (history.ts), so nothing runs twice.
      message = store.update(message.id, {
        status: 'incomplete',
        stopReason,
        usage,
        error: signal.aborted ? { kind: 'interrupted', message: 'Stopped.' } : { kind: 'interrupted', message: 'The answer was cut off.' },
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
