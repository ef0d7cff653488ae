// The content blocks of a message the user sends: attachments (images, PDFs, code and text files,
// MCP resources) then the typed text. A file's name is its document's title, so Claude knows
// which file it reads (and cites it by name).
import type { Attachment, ContentBlock } from '../../../shared/chat/messages';
import { resourceBlocks } from './resource-content';

/** The user's content blocks: images, then PDFs and text files as document blocks, then the text. */
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
    else if (a.kind === 'pdf')
      blocks.push({
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: a.data },
        title: a.name,
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
