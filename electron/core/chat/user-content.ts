// The content blocks of a message the user sends: attachments (images, text files, MCP resources)
// then the typed text.
import type { Attachment, ContentBlock } from '../../../shared/chat/messages';
import { resourceBlocks } from './resource-content';

/** The user's content blocks: the text, then images and text files as image and document blocks. */
export function userContent(text: string, attachments: readonly Attachment[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const a of attachments) {
    if (a.kind === 'resource')
      blocks.push(...resourceBlocks(a)); // issue 22: an MCP resource, untrusted
    else if (a.kind === 'image')
      blocks.push({
        type: 'image',
        source: { type: 'base64', media_type: a.mimeType, data: a.data },
      });
    else
      blocks.push({
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: a.data },
        title: a.name,
      });
  }
  if (text.trim()) blocks.push({ type: 'text', text });
  return blocks;
}
