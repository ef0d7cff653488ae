// Turns dropped, pasted or picked files into attachments, refusing folders, oversized or unknown
// files with a message that says why (checked before reading a byte), and reading what the token
// estimate needs: an image's pixel size, a PDF's pages (from its bytes, as core checks them).
import type { Attachment } from '../../../shared/chat/messages';
import { pdfPagesMessage, pdfRefusal } from '../../../shared/chat/attachment-rules';
import { base64Bytes, readPdfFacts } from '../../../shared/chat/pdf-facts';
import { checkAttachment } from '../../lib/attachments';

function readAs(file: File, how: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    if (how === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

const base64Of = async (file: File) => {
  const url = await readAs(file, 'dataUrl');
  return url.slice(url.indexOf(',') + 1);
};

/**
 * Inflates a PDF's FlateDecode stream in the window (no Node here). What was inflated before an
 * error (trailing bytes some writers leave) is kept, as zlib in core keeps it.
 */
async function inflate(data: Uint8Array): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  try {
    const reader = new Blob([data as BlobPart])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'))
      .getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  } catch {
    if (chunks.length === 0) return undefined;
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function imageSize(file: File): Promise<{ width?: number; height?: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

/** The attachments read from files, and one message per refused file. */
export async function readAttachments(
  files: readonly File[],
  folders: ReadonlySet<string> = new Set(),
): Promise<{ attachments: Attachment[]; errors: string[] }> {
  const attachments: Attachment[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const name = file.name || 'pasted image';
    const check = checkAttachment({
      name,
      type: file.type,
      size: file.size,
      folder: folders.has(file.name),
    });
    if (!check.ok) {
      errors.push(check.message);
      continue;
    }
    try {
      if (check.kind === 'image') {
        attachments.push({
          kind: 'image',
          name,
          mimeType: check.mimeType,
          data: await base64Of(file),
          ...(await imageSize(file)),
        });
      } else if (check.kind === 'pdf') {
        const data = await base64Of(file);
        const facts = await readPdfFacts(base64Bytes(data), inflate);
        if (!facts.ok) {
          errors.push(pdfRefusal(name, facts.reason));
          continue;
        }
        const tooLong = pdfPagesMessage(name, facts.pages);
        if (tooLong) {
          errors.push(tooLong);
          continue;
        }
        attachments.push({ kind: 'pdf', name, mimeType: check.mimeType, data, pages: facts.pages });
      } else {
        attachments.push({
          kind: 'text',
          name,
          mimeType: check.mimeType,
          data: await readAs(file, 'text'),
        });
      }
    } catch (err) {
      errors.push(
        `Could not read “${name}”: ${err instanceof Error ? err.message : String(err)}. Check that it still exists and that you may read it, then attach it again.`,
      );
    }
  }
  return { attachments, errors };
}
