// The last pass over a request's messages before they are sent, so the stored history (whatever
// happened when it was written) always makes a request the API accepts: no empty or whitespace-only
// text, every tool result wrapped with the conversation's boundary (its flag dropped), images
// checked from their bytes (a pinned image's name and mark dropped), PDFs read from their bytes
// and every document cited (documents.ts), and no image payload sent twice (a structuredContent
// that mirrors an image block).
import type Anthropic from '@anthropic-ai/sdk';
import { enableCitations, preparePdfs, type DocumentRef, type RequestModel } from './documents';
import { prepareImages, type ImageRef } from './images';
import { rewrapResourceBlocks } from './resource-content';
import { rewrapUntrusted, sentText, withoutFlag } from './untrusted';

type MessageParam = Anthropic.Messages.MessageParam;
type Block = { type: string; [key: string]: unknown };

const blank = (b: Block) =>
  b.type === 'text' && (typeof b.text !== 'string' || b.text.trim() === '');

/**
 * Cleans `messages` in place (they are fresh copies of the store); returns notices for the user.
 * `model`: the request's model, for what it reads (PDFs).
 */
export async function prepareContent(
  messages: MessageParam[],
  boundary: string,
  model?: RequestModel,
): Promise<string[]> {
  const images: ImageRef[] = [];
  const docs: DocumentRef[] = [];
  const lastUser = messages.length - 1;
  messages.forEach((m, index) => {
    const fresh = index === lastUser && m.role === 'user';
    let blocks = (
      typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : (m.content as unknown as Block[])
    ).filter((b) => !blank(b));
    // Tool results, attached MCP resources and a prompt's server text go under this request's
    // boundary (a prompt's assistant turn may carry wrapped text too).
    blocks = rewrapResourceBlocks(
      blocks.map((b) =>
        b.type === 'tool_result' ? cleanToolResult(b, boundary, images, fresh) : b,
      ),
      boundary,
    );
    blocks = blocks.map((b) =>
      b.type === 'image' && ('title' in b || 'context' in b) ? sentImage(b) : b,
    );
    enableCitations(blocks);
    blocks.forEach((b, i) => {
      if (b.type === 'image')
        images.push({
          block: b as ImageRef['block'],
          fresh,
          label: 'an attached image',
          replace: (r) =>
            void (blocks[i] = typeof r === 'string' ? { type: 'text', text: r } : (r as Block)),
        });
      if (b.type === 'document')
        docs.push({
          block: b as DocumentRef['block'],
          fresh,
          label: typeof b.title === 'string' ? `the PDF “${b.title}”` : 'an attached PDF',
          replace: (note) => void (blocks[i] = { type: 'text', text: note }),
        });
    });
    m.content = blocks as unknown as MessageParam['content'];
  });
  const notices = await prepareImages(images);
  const imageBytes = images.reduce((n, r) => n + (r.block.source?.data?.length ?? 0), 0);
  return [...notices, ...(await preparePdfs(docs, model, imageBytes))];
}

/** A pinned image without its name and mark (kept in Lena for the window; the API takes neither). */
function sentImage(block: Block): Block {
  const { title: _title, context: _context, ...sent } = block;
  void _title;
  void _context;
  return sent;
}

function cleanToolResult(
  block: Block,
  boundary: string,
  images: ImageRef[],
  fresh: boolean,
): Block {
  const raw = block.content;
  const parts: Block[] =
    typeof raw === 'string'
      ? [{ type: 'text', text: raw }]
      : Array.isArray(raw)
        ? [...(raw as Block[])]
        : [];
  const payloads = parts
    .filter((p) => p.type === 'image')
    .map((p) => String((p.source as { data?: unknown } | undefined)?.data ?? ''));
  const content = parts
    .filter((p) => !blank(p))
    .map((p) =>
      p.type === 'text'
        ? {
            ...withoutFlag(p),
            text: sentText(
              withoutPayloads(String(p.text), payloads),
              p.untrusted === true,
              boundary,
            ),
          }
        : p,
    );
  content.forEach((p, i) => {
    if (p.type === 'image')
      images.push({
        block: p as ImageRef['block'],
        fresh,
        label: 'an image from a tool result',
        replace: (r) =>
          void (content[i] = typeof r === 'string' ? { type: 'text', text: r } : (r as Block)),
      });
  });
  if (content.length === 0)
    content.push({
      type: 'text',
      text: rewrapUntrusted('(the tool returned no content)', boundary),
    });
  return { ...block, content };
}

/** The base64 of an image already in the result, cut out of text that repeats it (structuredContent). */
function withoutPayloads(text: string, payloads: string[]): string {
  let out = text;
  for (const data of payloads)
    if (data.length >= 256 && out.includes(data))
      out = out.split(data).join('[image data: sent as the image above]');
  return out;
}
