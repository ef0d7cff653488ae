// A server's prompt run from the composer (issue 22): its messages become stored messages of the
// conversation, marked with their origin. The user chose to run it, so its text is not wrapped as
// untrusted data (unlike tool output and attached resources). The request builder then does what
// it does for every history: merges consecutive roles and never ends a request with an assistant
// message, so a prompt that ends with one waits for the user's next message.
import type { ContentBlock } from '../../../shared/chat-types';
import type { ContentBlock as McpBlock, PromptMessage } from '../../../shared/mcp-types';
import { API_IMAGE_TYPES } from './images';
import { isTextResource, sniffBlob } from './resource-content';

/** One MCP content block of a prompt message as Messages API blocks. */
export function promptBlocks(block: McpBlock): ContentBlock[] {
  switch (block.type) {
    case 'text':
      return block.text.trim() ? [{ type: 'text', text: block.text }] : [];
    case 'image':
      return (API_IMAGE_TYPES as readonly string[]).includes(block.mimeType)
        ? [{ type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } }]
        : [{ type: 'text', text: `[an image of type ${block.mimeType} from the prompt was left out: the model takes PNG, JPEG, GIF and WebP]` }];
    case 'audio':
      return [{ type: 'text', text: `[an audio clip (${block.mimeType}) from the prompt was left out: the model cannot hear audio]` }];
    case 'resource_link':
      return [{ type: 'text', text: `[resource link] ${block.title ?? block.name} <${block.uri}>` }];
    case 'resource': {
      const r = block.resource;
      const blob = typeof r.blob === 'string';
      const mime = blob ? sniffBlob(r.blob!, r.mimeType ?? '') : (r.mimeType ?? 'text/plain');
      if (isTextResource(mime, blob)) {
        const text = blob ? Buffer.from(r.blob!, 'base64').toString('utf8') : (r.text ?? '');
        return [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: text || '(empty)' }, title: r.uri.slice(0, 200) }];
      }
      if ((API_IMAGE_TYPES as readonly string[]).includes(mime)) return [{ type: 'image', source: { type: 'base64', media_type: mime, data: r.blob! } }];
      if (mime === 'application/pdf') return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: r.blob! }, title: r.uri.slice(0, 200) }];
      return [{ type: 'text', text: `[the resource ${r.uri} (${mime}) from the prompt was left out: it is binary]` }];
    }
    default:
      return [];
  }
}

/** The prompt's messages as stored messages (role and blocks), empty ones left out. */
export function promptMessages(messages: readonly PromptMessage[]): { role: 'user' | 'assistant'; content: ContentBlock[] }[] {
  return messages
    .map((m) => ({ role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: promptBlocks(m.content) }))
    .filter((m) => m.content.length > 0);
}
