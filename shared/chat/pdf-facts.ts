// What Lena reads from a PDF's bytes before it is sent as a document block: the `%PDF-` magic
// number, whether it is encrypted (the Messages API takes standard PDFs without a password or
// encryption), and its page count (the API's limit is per request). Pure code over bytes, so the
// window (inflating with DecompressionStream) and core (with zlib) read a file the same way.

/** The Messages API's PDF limits (PDF support documentation): for the whole request. */
export const API_PDF_LIMITS = {
  /** Pages of every PDF in one request together. */
  maxPages: 100,
  /** The request's size (its JSON, with the base64 of every PDF and image). */
  maxRequestBytes: 32 * 1024 * 1024,
};

export type PdfFacts = { ok: true; pages: number } | { ok: false; reason: string };

/** Inflates a FlateDecode stream; undefined when the data is not zlib. */
export type Inflate = (data: Uint8Array) => Promise<Uint8Array | undefined>;

/** One character per byte (windows-1252, which the window and Node both decode fast). */
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** A page object: `/Type /Page`, not `/Pages`. */
const PAGE = /\/Type\s*\/Page(?![A-Za-z])/g;
const count = (text: string) => text.match(PAGE)?.length ?? 0;

/** The FlateDecode object streams (`/Type /ObjStm`), where PDF 1.5 files keep their pages. */
function objectStreams(text: string, bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  const streams = /\/Type\s*\/ObjStm\b/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const dictStart = text.lastIndexOf('obj', m.index);
    const streamAt = text.indexOf('stream', m.index);
    if (streamAt < 0) break;
    if (!/\/FlateDecode/.test(text.slice(dictStart, streamAt))) continue;
    let start = streamAt + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    let end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    // The end-of-line before `endstream` is not data (strict inflaters refuse trailing bytes).
    if (text[end - 1] === '\n') end--;
    if (text[end - 1] === '\r') end--;
    out.push(bytes.subarray(start, end));
  }
  return out;
}

/** What the bytes refuse before the pages are counted, or the text the pages are counted in. */
function pdfHead(bytes: Uint8Array): { ok: false; reason: string } | { ok: true; text: string } {
  if (bytes.length === 0) return { ok: false, reason: 'it is empty' };
  if (latin1(bytes.subarray(0, 5)) !== '%PDF-')
    return { ok: false, reason: 'its bytes are not a PDF (no %PDF- header)' };
  const text = latin1(bytes);
  if (/\/Encrypt\s*(<<|\d+\s+\d+\s+R)/.test(text))
    return {
      ok: false,
      reason: 'it is password-protected or encrypted; save an unprotected copy and attach that',
    };
  return { ok: true, text };
}

function facts(pages: number): PdfFacts {
  if (pages === 0)
    return { ok: false, reason: 'its pages could not be read; the file may be damaged' };
  return { ok: true, pages };
}

/** Reads a PDF's facts from its bytes. */
export async function readPdfFacts(bytes: Uint8Array, inflate: Inflate): Promise<PdfFacts> {
  const head = pdfHead(bytes);
  if (!head.ok) return head;
  let pages = count(head.text);
  for (const stream of objectStreams(head.text, bytes)) {
    const inflated = await inflate(stream);
    if (inflated) pages += count(latin1(inflated));
  }
  return facts(pages);
}

/** readPdfFacts with a synchronous inflater (the main process reading a file it pins). */
export function readPdfFactsSync(
  bytes: Uint8Array,
  inflate: (data: Uint8Array) => Uint8Array | undefined,
): PdfFacts {
  const head = pdfHead(bytes);
  if (!head.ok) return head;
  let pages = count(head.text);
  for (const stream of objectStreams(head.text, bytes)) {
    const inflated = inflate(stream);
    if (inflated) pages += count(latin1(inflated));
  }
  return facts(pages);
}

/** Base64 to bytes without Node's Buffer (the window has none). */
export function base64Bytes(data: string): Uint8Array {
  const bin = atob(data);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
