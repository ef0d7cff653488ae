// What an error tool card says once: the tool's own error text sits either in the card's error line
// or in its result, never both. Core keeps a tool-reported error's first text (up to 500
// characters) as the call's error message, and the whole result besides.
import type { ToolCallView } from '../../shared/chat/tool-calls';

export interface ToolErrorWords {
  /** The error line's text ("The tool reported an error: …"). */
  line: string;
  /** A result text block the body leaves out, because the line already says it. */
  omitFromResult: string | null;
}

function firstText(result: unknown): string | null {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return null;
  const block = content.find(
    (b): b is { type: 'text'; text: string } =>
      typeof b === 'object' && b !== null && b.type === 'text' && typeof b.text === 'string',
  );
  return block?.text ?? null;
}

/** The error line of a failed call, and the result text it makes redundant. */
export function toolErrorWords(
  call: Pick<ToolCallView, 'errorSource' | 'errorMessage' | 'result'>,
): ToolErrorWords {
  const who = call.errorSource === 'server' ? 'The server failed' : 'The tool reported an error';
  const message = call.errorMessage;
  if (!message) return { line: `${who}.`, omitFromResult: null };
  const text = call.errorSource === 'tool' ? firstText(call.result) : null;
  if (text === message) return { line: `${who}: ${message}`, omitFromResult: text };
  // The message is the start of a longer text: the result below says it whole, once.
  if (text !== null && text.startsWith(message))
    return { line: `${who}; what it said is in the result below.`, omitFromResult: null };
  return { line: `${who}: ${message}`, omitFromResult: null };
}
