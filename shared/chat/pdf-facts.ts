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

/** Pages inside compressed object streams (`/Type /ObjStm`), where PDF 1.5 files keep them. */
async function pagesInObjectStreams(text: string, bytes: Uint8Array, inflate: Inflate) {
  let pages = 0;
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
    const inflated = await inflate(bytes.subarray(start, end));
    if (inflated) pages += count(latin1(inflated));
  }
  return pages;
}

/** Reads a PDF's facts from its bytes. */
export async function readPdfFacts(bytes: Uint8Array, inflate: Inflate): Promise<PdfFacts> {
  if (bytes.length === 0) return { ok: false, reason: 'it is empty' };
  if (latin1(bytes.subarray(0, 5)) !== '%PDF-')
    return { ok: false, reason: 'its bytes are not a PDF (no %PDF- header)' };
  const text = latin1(bytes);
  if (/\/Encrypt\s*(<<|\d+\s+\d+\s+R)/.test(text))
    return {
      ok: false,
      reason: 'it is password-protected or encrypted; save an unprotected copy and attach that',
    };
  const pages = count(text) + (await pagesInObjectStreams(text, bytes, inflate));
  if (pages === 0)
    return { ok: false, reason: 'its pages could not be read; the file may be damaged' };
  return { ok: true, pages };
}

/** Base64 to bytes without Node's Buffer (the window has none). */
export function base64Bytes(data: string): Uint8Array {
  const bin = atob(data);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
