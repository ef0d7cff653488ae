// A server's sampling request (already checked by core/mcp's handler) as one Messages API request,
// built by the same steps as a chat turn: the history rules (no empty text, same-role messages
// merged, never ending with an assistant turn), content checks (images from their bytes), the
// model's output limit on max_tokens, and only parameters the API accepts. What differs from the
// server's request is said in `notices`, which the user sees before approving.
import { randomUUID } from 'node:crypto';
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ContentBlock } from '../../../shared/chat/messages';
import type { SamplingRequest } from '../mcp/client-features/ports';
import { toApiMessages } from './history';
import { clampMaxTokens, type ModelLimits } from './models';
import { prepareContent } from './request-content';
import { newBoundary } from './untrusted';

export interface BuiltSampling {
  params: Anthropic.Messages.MessageCreateParamsNonStreaming;
  notices: string[];
}

function blocksOf(content: SamplingRequest['messages'][number]['content']): ContentBlock[] {
  return content.map((b) =>
    b.type === 'text'
      ? { type: 'text', text: b.text }
      : { type: 'image', source: { type: 'base64', media_type: b.mimeType, data: b.data } },
  );
}

/** The request to send for `request` on `model`, or an error message when nothing sendable is left. */
export async function buildSamplingRequest(
  request: SamplingRequest,
  model: string,
  limits: ModelLimits,
): Promise<BuiltSampling | { error: string }> {
  const notices = [...request.omitted];
  const stored: ChatMessage[] = request.messages.map((m, seq) => ({
    id: randomUUID(),
    conversationId: 'sampling',
    role: m.role,
    content: blocksOf(m.content),
    status: 'complete',
    createdAt: 0,
    seq,
    stopReason: null,
    usage: null,
    error: null,
  }));
  const messages = toApiMessages(stored);
  const lastGiven = request.messages[request.messages.length - 1];
  if (lastGiven?.role === 'assistant')
    notices.push(
      'the request ended with an assistant message; it was left out (current models do not accept a prefilled answer)',
    );
  if (request.messages[0]?.role === 'assistant')
    notices.push('leading assistant messages were left out (a request starts with the user)');
  if (messages.length === 0)
    return { error: 'the request has no text or image to send (empty messages are not sent)' };
  notices.push(...(await prepareContent(messages, newBoundary(), { id: model, pdf: limits.pdf })));
  const { maxTokens, notice } = clampMaxTokens(request.maxTokens, limits);
  if (notice)
    notices.push(
      `maxTokens ${request.maxTokens.toLocaleString('en-US')} is above what ${limits.displayName} allows; ${maxTokens.toLocaleString('en-US')} is used`,
    );
  return {
    params: {
      model,
      max_tokens: maxTokens,
      messages,
      ...(request.systemPrompt ? { system: request.systemPrompt } : {}),
      ...(request.stopSequences ? { stop_sequences: request.stopSequences } : {}),
    },
    notices,
  };
}

/** The text of a Messages API answer (what a sampling result can carry). */
export function replyText(message: Anthropic.Messages.Message): string {
  return message.content
    .filter((b): b is Anthropic.Messages.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('');
}
