// A server's prompt run from the composer: its messages become stored messages of the
// conversation, marked with their origin. The user read them in the preview and chose to send them,
// so a prompt's own text is not wrapped (it is the user's message now); everything else the server
// put in it (an embedded resource's text, URI and type, a link's name, a left-out part's type) is
// untrusted data, stored flagged and sent inside the markers of the conversation's boundary like
// an attached resource. The request builder then merges consecutive roles and never ends a request with an
// assistant message, so a prompt that ends with one waits for the user's next message.
import type { ContentBlock, PromptOrigin } from '../../../shared/chat/messages';
import type {
  EmbeddedResource,
  McpContentBlock as McpBlock,
  PromptMessage,
} from '../../../shared/mcp-types';
import { API_IMAGE_TYPES } from './images';
import { isTextResource, sniffBlob } from './resource-content';
import { untrustedText } from './untrusted';

type Role = 'user' | 'assistant';

/** Server text as a flagged text block (wrapped with the conversation's boundary when sent). */
const wrapped = (text: string): ContentBlock => untrustedText(text);

/**
 * One MCP content block of a prompt message as Messages API blocks. An assistant turn takes only
 * text, so there a resource's text is a wrapped text block and an image a wrapped note.
 */
export function promptBlocks(block: McpBlock, role: Role = 'user'): ContentBlock[] {
  switch (block.type) {
    case 'text':
      return block.text.trim() ? [{ type: 'text', text: block.text }] : [];
    case 'image':
      return role === 'user' && (API_IMAGE_TYPES as readonly string[]).includes(block.mimeType)
        ? [
            {
              type: 'image',
              source: { type: 'base64', media_type: block.mimeType, data: block.data },
            },
          ]
        : [
            wrapped(
              `An image of type ${block.mimeType} from the prompt was left out: ${role === 'user' ? 'the model takes PNG, JPEG, GIF and WebP' : 'an answer holds only text'}.`,
            ),
          ];
    case 'audio':
      return [
        wrapped(
          `An audio clip (${block.mimeType}) from the prompt was left out: the model cannot hear audio.`,
        ),
      ];
    case 'resource_link':
      return [
        wrapped(`Resource link from the prompt: ${block.title ?? block.name} <${block.uri}>`),
      ];
    case 'resource':
      return resourceBlocks(block.resource, role);
    default:
      return [];
  }
}

function resourceBlocks(r: EmbeddedResource['resource'], role: Role): ContentBlock[] {
  const blob = typeof r.blob === 'string';
  const mime = blob ? sniffBlob(r.blob!, r.mimeType ?? '') : (r.mimeType ?? 'text/plain');
  const where = `MCP resource ${r.uri} (${mime}) embedded in the prompt`;
  // The title is for the window's chip only: the request builder drops it (rewrapResourceBlocks).
  const title = r.uri.slice(0, 200);
  if (isTextResource(mime, blob)) {
    const text = blob ? Buffer.from(r.blob!, 'base64').toString('utf8') : (r.text ?? '');
    const body = `${where}:\n\n${text || '(empty)'}`;
    if (role === 'assistant') return [wrapped(body)];
    return [
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: body },
        title,
        untrusted: true,
      },
    ];
  }
  if (role === 'user' && (API_IMAGE_TYPES as readonly string[]).includes(mime))
    return [
      wrapped(`${where} follows.`),
      { type: 'image', source: { type: 'base64', media_type: mime, data: r.blob! } },
    ];
  if (role === 'user' && mime === 'application/pdf')
    return [
      wrapped(`${where} follows.`),
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: r.blob! },
        title,
      },
    ];
  return [
    wrapped(
      `${where} was left out: it is binary${role === 'assistant' ? ' and an answer holds only text' : ''}.`,
    ),
  ];
}

/** The prompt's messages as stored messages (role and blocks), empty ones left out. */
export function promptMessages(
  messages: readonly PromptMessage[],
): { role: Role; content: ContentBlock[] }[] {
  return messages
    .map((m) => {
      const role: Role = m.role === 'assistant' ? 'assistant' : 'user';
      return { role, content: promptBlocks(m.content, role) };
    })
    .filter((m) => m.content.length > 0);
}

/** A conversation's title from the prompt that started it: its first user text, else its name. */
export function promptTitle(
  origin: PromptOrigin,
  prompt: readonly PromptMessage[],
  length: number,
): string {
  const said = prompt.find(
    (m) => m.role === 'user' && m.content.type === 'text' && m.content.text.trim(),
  );
  const words = said?.content.type === 'text' ? said.content.text.trim().replace(/\s+/g, ' ') : '';
  return (words || `${origin.prompt} (${origin.server})`).slice(0, length);
}
