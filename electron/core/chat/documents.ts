// Every PDF a request carries is read from its bytes before it is sent, like images (images.ts):
// the `%PDF-` magic number, encryption and the page count, against the Messages API's documented
// limits (100 PDF pages and 32 MB a request). A PDF the API would refuse becomes a text note for
// the model, so one bad file can never make every later request fail; the window keeps the file.
// Documents are sent with citations enabled: the API cites PDFs, plain text and custom content
// documents, and refuses a request that mixes documents with and without citations, so every
// document of the request gets them.
import { inflateSync } from 'node:zlib';
import { API_PDF_LIMITS, readPdfFacts, type PdfFacts } from '../../../shared/chat/pdf-facts';

const cache = new Map<string, PdfFacts>();
const CACHE_SIZE = 64;

const inflate = (data: Uint8Array) => {
  try {
    return Promise.resolve(new Uint8Array(inflateSync(data)));
  } catch {
    return Promise.resolve(undefined);
  }
};

/** Reads a PDF's facts from its base64 (cached per payload: history is re-checked every turn). */
export async function inspectPdf(data: string): Promise<PdfFacts> {
  const hit = cache.get(data);
  if (hit) return hit;
  const result = await readPdfFacts(Buffer.from(data, 'base64'), inflate);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(data, result);
  return result;
}

/** The request's model and whether the Models API says it reads PDFs. */
export interface RequestModel {
  id: string;
  pdf?: boolean;
}

/**
 * Whether the model reads PDFs: what the Models API says (`pdf_input`), else every model but the
 * retired Claude 1, 2 and 3.0 families.
 */
export function modelReadsPdf(model: RequestModel | undefined): boolean {
  if (!model) return true;
  if (model.pdf !== undefined) return model.pdf;
  return !/^claude-(instant|[12](\.\d)?-|3-(opus|sonnet|haiku)-)/.test(model.id);
}

export interface DocumentRef {
  block: { type: string; source?: { type?: string; media_type?: string; data?: string } };
  /** Replaces the document in its parent content list by a text note. */
  replace(note: string): void;
  /** True for documents of the request's newest user message (the user hears about them once). */
  fresh: boolean;
  label: string;
}

/**
 * Checks every base64 PDF against the model and the API's limits; returns one line per PDF the
 * model will not see, for the user. The newest PDFs win when the request holds too many pages or
 * bytes. `otherBytes`: the rest of the request's base64 (images), counted in its size.
 */
export async function preparePdfs(
  docs: DocumentRef[],
  model: RequestModel | undefined,
  otherBytes = 0,
): Promise<string[]> {
  const notices: string[] = [];
  const drop = (ref: DocumentRef, why: string) => {
    ref.replace(`[${ref.label} not sent to Claude: ${why}. The user can still see it in Lena.]`);
    if (ref.fresh)
      notices.push(
        `${ref.label[0].toUpperCase()}${ref.label.slice(1)} was not sent to Claude: ${why}.`,
      );
  };
  const kept: Array<{ ref: DocumentRef; pages: number; bytes: number }> = [];
  for (const ref of docs) {
    const source = ref.block.source;
    if (source?.type !== 'base64' || source.media_type !== 'application/pdf') continue;
    if (!modelReadsPdf(model)) {
      drop(ref, `${model?.id} does not read PDFs; choose a newer Claude model`);
      continue;
    }
    const facts = await inspectPdf(source.data ?? '');
    if (!facts.ok) drop(ref, facts.reason);
    else kept.push({ ref, pages: facts.pages, bytes: (source.data ?? '').length });
  }
  let pages = kept.reduce((n, k) => n + k.pages, 0);
  let bytes = otherBytes + kept.reduce((n, k) => n + k.bytes, 0);
  // Room for the request's JSON around the payloads.
  const maxBytes = API_PDF_LIMITS.maxRequestBytes - 512 * 1024;
  for (const k of kept) {
    if (pages <= API_PDF_LIMITS.maxPages && bytes <= maxBytes) break;
    drop(
      k.ref,
      pages > API_PDF_LIMITS.maxPages
        ? `the request would hold ${pages} PDF pages and the API reads at most ${API_PDF_LIMITS.maxPages}; the oldest PDFs are left out`
        : `the request would be over the API's 32 MB limit; the oldest PDFs are left out`,
    );
    pages -= k.pages;
    bytes -= k.bytes;
  }
  return notices;
}

type Block = { type: string; [key: string]: unknown };

/** Citations on every document of the request (the API takes all or none). */
export function enableCitations(blocks: Block[]): void {
  blocks.forEach((b, i) => {
    if (b.type === 'document') blocks[i] = { ...b, citations: { enabled: true } };
  });
}
