// What a message can carry as a file, decided the same way by the window (drop, paste, picker) and
// `lena chat --file`: images, PDFs, and code or text files (sent with their file name), each
// within the Messages API's documented limits; folders and other files refused with what to do.
// And what each attachment costs in tokens before it is sent: images by the vision
// documentation's width × height / 750 (after the API's own downscaling), PDFs by their pages,
// text by Lena's estimator (characters / 4).
import type { Attachment } from './messages';
import { API_PDF_LIMITS } from './pdf-facts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_BYTES = 1024 * 1024;
/** A PDF's base64 (4/3 of its bytes) must fit, with the conversation, in the 32 MB request. */
export const MAX_PDF_BYTES = 23 * 1024 * 1024;
export const MAX_ATTACHMENTS = 20;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The vision documentation: images past 1568 px on the long edge are scaled down first. */
export const IMAGE_LONG_EDGE = 1568;
/** The vision documentation's most an image costs once scaled (≈1.15 megapixels). */
export const IMAGE_MAX_TOKENS = 1600;
/**
 * A PDF page is sent as its text and as an image of the page: the PDF documentation puts the text
 * at 1,500 to 3,000 tokens a page; a page of text measures near 2,300 in all.
 */
export const PDF_TOKENS_PER_PAGE = 2300;

const TEXT_EXTENSIONS =
  /\.(txt|md|markdown|mdx|rst|adoc|json|jsonc|json5|ndjson|csv|tsv|log|ya?ml|toml|ini|xml|svg|html?|css|scss|sass|less|js|mjs|cjs|ts|mts|cts|tsx|jsx|vue|svelte|py|pyi|ipynb|rb|go|rs|java|kt|kts|scala|groovy|gradle|c|h|cc|cpp|cxx|hpp|hh|m|mm|cs|fs|sh|bash|zsh|fish|ps1|bat|sql|graphql|gql|proto|swift|php|pl|lua|r|jl|dart|ex|exs|erl|hs|clj|elm|nim|zig|tex|bib|env|conf|cfg|properties|diff|patch|dockerfile|makefile|cmake|tf|hcl|nix)$/i;
const TEXT_NAMES = /^(dockerfile|makefile|readme|license|changelog|\.gitignore|\.editorconfig)$/i;

export interface FileFacts {
  name: string;
  type: string;
  size: number;
  /** A dropped or named folder (the window reads it from the drop's entry, the CLI from stat). */
  folder?: boolean;
}

export type AttachmentCheck =
  { ok: true; kind: 'image' | 'text' | 'pdf'; mimeType: string } | { ok: false; message: string };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;

/** Whether a name reads as code or text. */
export const isTextName = (name: string) =>
  TEXT_EXTENSIONS.test(name) || TEXT_NAMES.test(name.split(/[\\/]/).pop() ?? '');

/** Whether a file can be attached, and as what (from its name, type and size, before reading). */
export function checkAttachment(file: FileFacts): AttachmentCheck {
  const type = file.type.toLowerCase();
  if (file.folder)
    return {
      ok: false,
      message: `“${file.name}” is a folder; attach the files inside it one by one (or open the folder as the project so servers can read it).`,
    };
  if ((IMAGE_TYPES as readonly string[]).includes(type)) {
    if (file.size > MAX_IMAGE_BYTES)
      return {
        ok: false,
        message: `“${file.name}” is ${mb(file.size)}; images can be at most ${mb(MAX_IMAGE_BYTES)}. Resize or compress it and try again.`,
      };
    return { ok: true, kind: 'image', mimeType: type };
  }
  if (type.startsWith('image/'))
    return {
      ok: false,
      message: `“${file.name}” is a ${type} image; Claude reads PNG, JPEG, GIF and WebP. Convert it and try again.`,
    };
  if (type === 'application/pdf' || (!type && /\.pdf$/i.test(file.name))) {
    if (file.size > MAX_PDF_BYTES)
      return {
        ok: false,
        message: `“${file.name}” is ${mb(file.size)}; a PDF can be at most ${mb(MAX_PDF_BYTES)} (the API takes ${mb(API_PDF_LIMITS.maxRequestBytes)} a request, and base64 adds a third). Split it or attach the pages that matter.`,
      };
    return { ok: true, kind: 'pdf', mimeType: 'application/pdf' };
  }
  if (type.startsWith('text/') || type === 'application/json' || isTextName(file.name)) {
    if (file.size > MAX_TEXT_BYTES)
      return {
        ok: false,
        message: `“${file.name}” is ${mb(file.size)}; text files can be at most ${mb(MAX_TEXT_BYTES)}. Attach the part that matters.`,
      };
    return {
      ok: true,
      kind: 'text',
      mimeType: type.startsWith('text/') || type === 'application/json' ? type : 'text/plain',
    };
  }
  return {
    ok: false,
    message: `“${file.name}” is ${type ? `of type ${type}` : 'not an image, a PDF or a text file'}; Claude reads images, PDFs, and code or text files. Export it as PDF or text and attach that.`,
  };
}

/** A PDF its bytes refuse (pdf-facts.ts's reason), with what to do. */
export function pdfRefusal(name: string, reason: string): string {
  const todo = /unprotected copy/.test(reason)
    ? ''
    : ' Open it and save or export it as a PDF again, then attach that.';
  return `“${name}” cannot be sent: ${reason}.${todo}`;
}

/** The PDF page-count rule, for the window and the CLI alike. */
export function pdfPagesMessage(name: string, pages: number): string | undefined {
  if (pages <= API_PDF_LIMITS.maxPages) return undefined;
  return `“${name}” has ${pages} pages; the API reads at most ${API_PDF_LIMITS.maxPages} PDF pages a request. Split it and attach the part that matters.`;
}

/** Tokens of an image of this size, after the API scales it to its long-edge limit. */
export function imageTokens(width: number, height: number): number {
  const scale = Math.min(1, IMAGE_LONG_EDGE / Math.max(width, height, 1));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return Math.min(IMAGE_MAX_TOKENS, Math.ceil((w * h) / 750));
}

/** Lena's estimate for text: characters / 4. */
export const textTokens = (text: string) => Math.ceil(text.length / 4);

/** An attachment's estimated input tokens; undefined when Lena cannot tell (say so, never 0). */
export function attachmentTokens(a: Attachment): number | undefined {
  if (a.kind === 'image') return a.width && a.height ? imageTokens(a.width, a.height) : undefined;
  if (a.kind === 'pdf') return a.pages ? a.pages * PDF_TOKENS_PER_PAGE : undefined;
  if (a.kind === 'text') return textTokens(a.name) + textTokens(a.data);
  if (a.blob) return undefined;
  return textTokens(a.data);
}

/** The total of the attachments whose cost is known, and whether any is unknown. */
export function attachmentsTokens(list: readonly Attachment[]): {
  tokens: number;
  unknown: number;
} {
  let tokens = 0;
  let unknown = 0;
  for (const a of list) {
    const t = attachmentTokens(a);
    if (t === undefined) unknown++;
    else tokens += t;
  }
  return { tokens, unknown };
}
