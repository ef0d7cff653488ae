// What the composer accepts as an attachment, decided from a file's name, type and size before any
// bytes are read, so an oversized file gets a clear message instead of a slow read.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_BYTES = 1024 * 1024;
export const MAX_ATTACHMENTS = 20;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const TEXT_EXTENSIONS =
  /\.(txt|md|markdown|json|jsonc|csv|tsv|log|ya?ml|toml|ini|xml|html?|css|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|sh|bash|zsh|sql|swift|php|lua|r|tex|env|conf|cfg)$/i;

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export type AttachmentCheck =
  { ok: true; kind: 'image' | 'text'; mimeType: string } | { ok: false; message: string };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;

/** Whether a file can be attached, and as what. */
export function checkAttachment(file: FileFacts): AttachmentCheck {
  const type = file.type.toLowerCase();
  if ((IMAGE_TYPES as readonly string[]).includes(type)) {
    if (file.size > MAX_IMAGE_BYTES) {
      return {
        ok: false,
        message: `“${file.name}” is ${mb(file.size)}; images can be at most ${mb(MAX_IMAGE_BYTES)}. Resize or compress it and try again.`,
      };
    }
    return { ok: true, kind: 'image', mimeType: type };
  }
  if (type.startsWith('image/')) {
    return {
      ok: false,
      message: `“${file.name}” is a ${type} image; Claude reads PNG, JPEG, GIF and WebP. Convert it and try again.`,
    };
  }
  if (type.startsWith('text/') || type === 'application/json' || TEXT_EXTENSIONS.test(file.name)) {
    if (file.size > MAX_TEXT_BYTES) {
      return {
        ok: false,
        message: `“${file.name}” is ${mb(file.size)}; text files can be at most ${mb(MAX_TEXT_BYTES)}. Attach the part that matters.`,
      };
    }
    return {
      ok: true,
      kind: 'text',
      mimeType: type.startsWith('text/') || type === 'application/json' ? type : 'text/plain',
    };
  }
  return {
    ok: false,
    message: `“${file.name}” is not an image or a text file, so it cannot be attached.`,
  };
}
