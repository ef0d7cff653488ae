// Turns dropped, pasted or picked files into attachments, refusing oversized or unknown ones with
// a message that says why (checked before reading a byte).
import type { Attachment } from '../../../shared/chat/messages';
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

/** The attachments read from files, and one message per refused file. */
export async function readAttachments(
  files: readonly File[],
): Promise<{ attachments: Attachment[]; errors: string[] }> {
  const attachments: Attachment[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const check = checkAttachment({
      name: file.name || 'pasted image',
      type: file.type,
      size: file.size,
    });
    if (!check.ok) {
      errors.push(check.message);
      continue;
    }
    try {
      if (check.kind === 'image') {
        const url = await readAs(file, 'dataUrl');
        attachments.push({
          kind: 'image',
          name: file.name || 'pasted image',
          mimeType: check.mimeType,
          data: url.slice(url.indexOf(',') + 1),
        });
      } else {
        attachments.push({
          kind: 'text',
          name: file.name,
          mimeType: check.mimeType,
          data: await readAs(file, 'text'),
        });
      }
    } catch (err) {
      errors.push(
        `Could not read “${file.name}”: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return { attachments, errors };
}
