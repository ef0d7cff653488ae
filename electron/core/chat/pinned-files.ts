// A project's pinned files read from disk: text and code, PDFs, and PNG, JPEG, GIF and WebP images,
// each becoming the block a message attachment of its kind becomes (user-content.ts), marked as
// pinned (PINNED_CONTEXT; an image's mark and name stay in Lena, request-content.ts drops them
// before sending). The kind comes from the bytes (magic numbers), and a name that claims a PDF or
// an image the bytes do not hold is refused with the reason. Caps are the attachment caps
// (attachment-rules.ts: text 1 MB, images 5 MB, PDFs 23 MB and 100 pages), and all pinned files
// together at most MAX_PINNED_MEDIA_BYTES of base64 and 100 PDF pages, so they fit in a request.
// What the request's model reads (PDFs: `pdf_input`) is decided when the request is built
// (documents.ts), like an attachment's. Costs use the attachment estimates: images by their
// scaled pixels, PDFs by their pages, text by its characters.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { inflateSync } from 'node:zlib';
import { imageSize } from 'image-size';
import {
  checkAttachment,
  imageTokens,
  PDF_TOKENS_PER_PAGE,
  pdfPagesMessage,
} from '../../../shared/chat/attachment-rules';
import type { ContentBlock } from '../../../shared/chat/messages';
import { API_PDF_LIMITS, readPdfFactsSync } from '../../../shared/chat/pdf-facts';
import { PINNED_CONTEXT, PINNED_KINDS, type PinnedFileView } from '../../../shared/projects';
import { API_IMAGE_TYPES } from './images';
import { sniffBlob } from './resource-content';

/** The base64 of every pinned PDF and image together: room left in the API's 32 MB request. */
export const MAX_PINNED_MEDIA_BYTES = 24 * 1024 * 1024;

/** A rough token count of text (about four characters a token), plus a document block's framing. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4) + 10;
}

/** One pinned file as given: its block and its estimated tokens. */
export interface PinnedBlock {
  block: ContentBlock;
  tokens: number;
  /** A PDF's pages. */
  pages?: number;
}

export interface PinnedRead {
  blocks: PinnedBlock[];
  files: PinnedFileView[];
  /** The tokens of the files that are given. */
  tokens: number;
}

type Read = PinnedBlock | { error: string };

const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;

const inflate = (data: Uint8Array) => {
  try {
    return new Uint8Array(inflateSync(data));
  } catch {
    return undefined;
  }
};

/** The sentence a refusal from attachment-rules starts with ("“name” is …") made a reason. */
const reasonOf = (message: string, name: string) =>
  message.replace(`“${name}” `, '').replace(/^is /, '');

function readImage(name: string, bytes: Buffer, type: string): Read {
  if (!(API_IMAGE_TYPES as readonly string[]).includes(type))
    return { error: 'its bytes are not an image format Lena can read (PNG, JPEG, GIF or WebP)' };
  let size;
  try {
    size = imageSize(bytes);
  } catch {
    return { error: `it is a damaged ${type} file` };
  }
  if (!size.width || !size.height) return { error: 'its size could not be read' };
  return {
    block: {
      type: 'image',
      source: { type: 'base64', media_type: type, data: bytes.toString('base64') },
      title: name,
      context: PINNED_CONTEXT,
    },
    tokens: imageTokens(size.width, size.height),
  };
}

function readPdf(name: string, bytes: Buffer): Read {
  const facts = readPdfFactsSync(bytes, inflate);
  if (!facts.ok) return { error: facts.reason };
  const tooLong = pdfPagesMessage(name, facts.pages);
  if (tooLong) return { error: reasonOf(tooLong, name) };
  return {
    block: {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: bytes.toString('base64') },
      title: name,
      context: PINNED_CONTEXT,
    },
    tokens: facts.pages * PDF_TOKENS_PER_PAGE,
    pages: facts.pages,
  };
}

const unreadable = (err: unknown) => ({
  error: `unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
});

/** The first bytes, where the magic numbers are. */
function readHead(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

function readOne(path: string): Read {
  const name = basename(path);
  let size;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { error: 'not a file' };
    size = stat.size;
  } catch {
    return { error: 'not found' };
  }
  let head;
  try {
    head = readHead(path);
  } catch (err) {
    return unreadable(err);
  }
  const sniffed = sniffBlob(head.toString('base64'), 'application/octet-stream');
  const pdf = sniffed === 'application/pdf' || /\.pdf$/i.test(name);
  const image = !pdf && (sniffed.startsWith('image/') || IMAGE_NAME.test(name));
  // The kind's cap (an image's whatever its bytes hold; those are checked next).
  const type = pdf ? 'application/pdf' : image ? 'image/png' : 'text/plain';
  const check = checkAttachment({ name, type, size });
  if (!check.ok) return { error: reasonOf(check.message, name) };
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    return unreadable(err);
  }
  if (pdf) return readPdf(name, bytes);
  if (image) return readImage(name, bytes, sniffed);
  if (bytes.includes(0))
    return { error: `not a kind Claude reads; a project can pin ${PINNED_KINDS}` };
  const text = bytes.toString('utf8');
  return {
    block: {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: text },
      title: name,
      context: PINNED_CONTEXT,
    },
    tokens: estimateTextTokens(text),
  };
}

const mediaBytes = (block: ContentBlock) => {
  const source = block.source as { type?: string; data?: string };
  return source.type === 'base64' ? (source.data?.length ?? 0) : 0;
};

/** Reads the pinned files: the blocks to give, and each file's cost or why it is left out. */
export function readPinned(paths: readonly string[]): PinnedRead {
  const blocks: PinnedBlock[] = [];
  const files: PinnedFileView[] = [];
  let tokens = 0;
  let media = 0;
  let pages = 0;
  for (const path of paths) {
    const name = basename(path);
    let read = readOne(path);
    if ('block' in read && media + mediaBytes(read.block) > MAX_PINNED_MEDIA_BYTES)
      read = {
        error: `the pinned PDFs and images would pass ${MAX_PINNED_MEDIA_BYTES / 1024 / 1024} MB together, more than a request can carry`,
      };
    if ('block' in read && pages + (read.pages ?? 0) > API_PDF_LIMITS.maxPages)
      read = {
        error: `the pinned PDFs would pass ${API_PDF_LIMITS.maxPages} pages together, the most the API reads in a request`,
      };
    if ('error' in read) {
      files.push({ path, name, tokens: 0, error: read.error });
      continue;
    }
    media += mediaBytes(read.block);
    pages += read.pages ?? 0;
    tokens += read.tokens;
    files.push({ path, name, tokens: read.tokens });
    blocks.push(read);
  }
  return { blocks, files, tokens };
}
