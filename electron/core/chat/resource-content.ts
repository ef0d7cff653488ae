// A server's resource attached to a message. Its bytes come from an MCP server, so it follows the
// untrusted-data rules of tool output: the text and everything the server chose about it (URI,
// name, MIME type) are stored as flagged data and sit inside the untrusted markers of the
// conversation's boundary once a request is built, like tool results; the document's title, outside the markers, is kept for the window only and never
// sent (rewrapResourceBlocks). Text becomes a document block, an image an image block after a wrapped label, a PDF a
// PDF document; other binaries cannot be sent and are refused with what to do.
import type { Attachment, ContentBlock } from '../../../shared/chat/messages';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { API_IMAGE_TYPES } from './images';
import {
  isUntrustedBlock,
  neutralise,
  newBoundary,
  sentText,
  untrustedText,
  unwrapUntrusted,
  withoutFlag,
} from './untrusted';

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|typescript|toml|x-sh|sql|graphql|ld\+json)|.*\+(json|xml)$)/i;

/** Whether a resource of this MIME type is sent as text (a blob of it is decoded as UTF-8). */
export function isTextResource(mimeType: string | undefined, blob: boolean): boolean {
  return !blob || (mimeType !== undefined && TEXT_TYPES.test(mimeType));
}

/**
 * The type of a blob whose label says nothing (`application/octet-stream`, as server-filesystem
 * labels every non-media file): PDF and image magic numbers, else valid UTF-8 without NULs is text.
 */
export function sniffBlob(data: string, mimeType: string): string {
  if (mimeType && mimeType !== 'application/octet-stream') return mimeType;
  const bytes = Buffer.from(data, 'base64');
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!text.includes('\u0000')) return 'text/plain';
  } catch {
    // not UTF-8: stays an unknown binary
  }
  return mimeType || 'application/octet-stream';
}

/** The blocks a resource attachment becomes in the stored user message. */
export function resourceBlocks(attachment: Attachment): ContentBlock[] {
  const a = attachment.blob
    ? { ...attachment, mimeType: sniffBlob(attachment.data, attachment.mimeType) }
    : attachment;
  const where = `MCP resource ${a.uri ?? '(no URI)'} ("${a.name}") from server "${a.server ?? 'unknown'}"`;
  const title = neutralise(a.name, newBoundary()).slice(0, 200);
  const blob = a.blob === true;
  if (isTextResource(a.mimeType, blob)) {
    const text = blob ? Buffer.from(a.data, 'base64').toString('utf8') : a.data;
    const body = `${where}${a.mimeType ? `, ${a.mimeType}` : ''}:\n\n${text}`;
    return [
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: body },
        title,
        untrusted: true,
      },
    ];
  }
  const label: ContentBlock = untrustedText(`${where}, ${a.mimeType}, follows.`);
  if ((API_IMAGE_TYPES as readonly string[]).includes(a.mimeType))
    return [
      label,
      { type: 'image', source: { type: 'base64', media_type: a.mimeType, data: a.data } },
    ];
  if (a.mimeType === 'application/pdf')
    return [
      label,
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: a.data },
        title,
      },
    ];
  throw new LenaError(
    ERROR_CODE.invalidArguments,
    `"${a.name}" (${a.mimeType || 'unknown type'}) cannot be sent to Claude: only text, images (PNG, JPEG, GIF, WebP) and PDF resources can be attached. Open it in the viewer to download it instead.`,
  );
}

/**
 * A message's blocks under the request's boundary: a resource's document text or label stored as
 * flagged data (or wrapped, by an older Lena) is wrapped, and a document that came from a server
 * (flagged, or following a flagged label, as a PDF resource does) loses its `title` and `context`:
 * those fields sit outside the markers, so nothing a server chose may go there. The stored block
 * keeps its title for the window. The user's own text and files were never wrapped and stay as
 * they are.
 */
export function rewrapResourceBlocks<B extends { type: string; [key: string]: unknown }>(
  blocks: readonly B[],
  boundary: string,
): B[] {
  return blocks.map((block, i) => {
    const prev = blocks[i - 1];
    const labelled = prev?.type === 'text' && isUntrustedBlock(prev);
    return rewrapResourceBlock(block, boundary, labelled);
  });
}

function rewrapResourceBlock<B extends { type: string; [key: string]: unknown }>(
  block: B,
  boundary: string,
  labelled: boolean,
): B {
  const flagged = block.untrusted === true;
  if (block.type === 'text' && typeof block.text === 'string')
    return { ...withoutFlag(block), text: sentText(block.text, flagged, boundary) } as B;
  if (block.type !== 'document') return withoutFlag(block) as B;
  const source = block.source as { type?: string; data?: unknown } | undefined;
  const text = source?.type === 'text' && typeof source.data === 'string' ? source.data : null;
  const wrapped = text !== null && (flagged || unwrapUntrusted(text).wrapped);
  if (!wrapped && !labelled && !flagged) return block;
  const { title: _title, context: _context, untrusted: _flag, ...rest } = block;
  void _title;
  void _context;
  void _flag;
  return (wrapped
    ? { ...rest, source: { ...source, data: sentText(text, flagged, boundary) } }
    : rest) as unknown as B;
}
