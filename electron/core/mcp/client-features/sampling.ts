// sampling/createMessage: the request checked and reduced to what Lena can send to Claude (content
// it leaves out or limits it lowers are named for the user), handed to the host, which shows it, sends it
// through chat's request builder once approved, and shows the answer before it goes back.
import { ErrorCodes } from '../jsonrpc-types';
import { RequestHandlerError } from '../jsonrpc';
import type { InputContext } from '../client-features';
import type { AskCaps } from './caps';
import type { SamplingBlock, SamplingPort, SamplingRequest } from './ports';

/** The specification's example code for a request the user rejected. */
export const USER_REJECTED = -1;

const invalid = (message: string) =>
  new RequestHandlerError(ErrorCodes.InvalidParams, `sampling/createMessage: ${message}`);
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function block(raw: unknown, where: string, omitted: string[]): SamplingBlock | null {
  if (!isObj(raw)) throw invalid(`${where} is not a content block`);
  switch (raw.type) {
    case 'text':
      if (typeof raw.text !== 'string') throw invalid(`${where} has no text`);
      return { type: 'text', text: raw.text };
    case 'image':
      if (typeof raw.data !== 'string' || typeof raw.mimeType !== 'string')
        throw invalid(`${where} is an image without data or mimeType`);
      return { type: 'image', data: raw.data, mimeType: raw.mimeType };
    case 'audio':
      omitted.push(`${where}: audio, which Claude does not take; left out`);
      return null;
    case 'tool_use':
    case 'tool_result':
      throw invalid(
        `${where} is a ${raw.type} block; Lena does not offer tools in sampling (it did not declare sampling.tools)`,
      );
    default:
      throw invalid(`${where} has an unknown type ${JSON.stringify(raw.type)}`);
  }
}

/** The request as Lena will handle it, or a RequestHandlerError saying what is wrong with it. */
export function parseSamplingParams(params: Record<string, unknown>): SamplingRequest {
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    throw invalid(
      'Lena does not offer tools in sampling requests (it did not declare sampling.tools); send the request without tools',
    );
  }
  const { maxTokens } = params;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    throw invalid('maxTokens must be a positive whole number');
  if (!Array.isArray(params.messages) || params.messages.length === 0)
    throw invalid('messages must be a non-empty list');
  const omitted: string[] = [];
  const messages = params.messages.map((m: unknown, i) => {
    if (!isObj(m) || (m.role !== 'user' && m.role !== 'assistant'))
      throw invalid(`message ${i + 1} has no role "user" or "assistant"`);
    const raw = Array.isArray(m.content) ? m.content : [m.content];
    const content = raw
      .map((b, j) =>
        block(b, `message ${i + 1}${raw.length > 1 ? ` block ${j + 1}` : ''}`, omitted),
      )
      .filter((b): b is SamplingBlock => b !== null);
    return { role: m.role as 'user' | 'assistant', content };
  });
  if (params.systemPrompt !== undefined && typeof params.systemPrompt !== 'string')
    throw invalid('systemPrompt must be text');
  // temperature (refused by the Messages API version Lena uses) and metadata (provider-specific)
  // are left out without a word: the user can do nothing about them, and the review says only
  // what changes what goes to Claude.
  if (params.includeContext !== undefined && params.includeContext !== 'none')
    omitted.push(
      `includeContext "${String(params.includeContext)}": Lena adds no other context to a server's request`,
    );
  const stops = Array.isArray(params.stopSequences)
    ? params.stopSequences.filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    : [];
  return {
    messages,
    maxTokens,
    omitted,
    ...(typeof params.systemPrompt === 'string' && params.systemPrompt.trim() !== ''
      ? { systemPrompt: params.systemPrompt }
      : {}),
    ...(isObj(params.modelPreferences) ? { modelPreferences: params.modelPreferences } : {}),
    ...(stops.length > 0 ? { stopSequences: stops } : {}),
  };
}

export function samplingHandler(server: string, port: SamplingPort, caps?: AskCaps) {
  return async (
    params: Record<string, unknown>,
    ctx: InputContext,
  ): Promise<Record<string, unknown>> => {
    const request = parseSamplingParams(params);
    const release = caps?.admitSampling(request, ctx);
    let outcome;
    try {
      const signal = ctx.signal ?? new AbortController().signal;
      outcome = await port.sample(server, request, signal, ctx.conversationId);
    } finally {
      release?.();
    }
    if (!outcome.ok) throw new RequestHandlerError(USER_REJECTED, outcome.message);
    return {
      role: 'assistant',
      content: { type: 'text', text: outcome.text },
      model: outcome.model,
      stopReason: outcome.stopReason ?? 'endTurn',
    };
  };
}

/** Anthropic's stop reasons in the specification's words (endTurn, stopSequence, maxTokens). */
export function mcpStopReason(reason: string | null): string | null {
  if (reason === 'end_turn') return 'endTurn';
  if (reason === 'stop_sequence') return 'stopSequence';
  if (reason === 'max_tokens') return 'maxTokens';
  return reason;
}
