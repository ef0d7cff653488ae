// Tool inputs and results as plain text, for the Markdown and HTML exports.

/** A value as text: strings as they are, the rest as indented JSON. */
export const pretty = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** A tool result's content as plain text (text blocks; other blocks named). */
export function resultText(result: unknown): string {
  const blocks = (result as { content?: unknown })?.content;
  if (!Array.isArray(blocks)) return pretty(result ?? '');
  return blocks
    .map(
      (b: {
        type?: string;
        text?: string;
        mimeType?: string;
        uri?: string;
        resource?: { uri?: string; text?: string };
      }) => {
        if (b.type === 'text') return b.text ?? '';
        if (b.type === 'resource')
          return b.resource?.text ?? `[resource: ${b.resource?.uri ?? '?'}]`;
        if (b.type === 'resource_link') return `[resource link: ${b.uri ?? '?'}]`;
        return `[${b.type ?? 'content'}${b.mimeType ? `: ${b.mimeType}` : ''}]`;
      },
    )
    .join('\n');
}
