// A file on disk as an attachment (`lena chat --file PATH`): the window's rules (shared/chat/
// attachment-rules.ts), with what only a disk can tell: a folder, a missing or unreadable path,
// and the type from the bytes when the name says nothing. An image's size and a PDF's pages are
// read from the bytes, for the limits and the token estimate. Every refusal names the file and
// says what to do.
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  checkAttachment,
  isTextName,
  pdfPagesMessage,
  pdfRefusal,
} from '../../../shared/chat/attachment-rules';
import type { Attachment } from '../../../shared/chat/messages';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import { inspectPdf } from './documents';
import { inspectImage } from './images';
import { sniffBlob } from './resource-content';

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
};

const refuse = (message: string) => new LenaError(ERROR_CODE.invalidArguments, message);

/** The type from the first bytes: PDF and image magic numbers, else UTF-8 text, else unknown. */
async function sniff(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const sample = head.subarray(0, bytesRead);
    const type = sniffBlob(sample.toString('base64'), 'application/octet-stream');
    if (type !== 'application/octet-stream') return type;
    try {
      // `stream`: a character cut at the end of the sample is not a reason to call it binary.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
      return text.includes('\u0000') ? type : 'text/plain';
    } catch {
      return type;
    }
  } finally {
    await handle.close();
  }
}

function readProblem(path: string, err: unknown): LenaError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return refuse(`“${path}” does not exist: check the path and try again.`);
  if (code === 'EACCES' || code === 'EPERM')
    return refuse(
      `“${path}” cannot be read: you lack permission. Check its permissions, or copy it somewhere you can read.`,
    );
  return refuse(
    `“${path}” cannot be read (${code ?? String(err)}). Check that it is a regular file and try again.`,
  );
}

/** Reads `path` as an attachment, or throws a LenaError that names it and says what to do. */
export async function attachmentFromFile(path: string): Promise<Attachment> {
  const name = basename(path);
  let size: number;
  let folder: boolean;
  try {
    const s = await stat(path);
    size = s.size;
    folder = s.isDirectory();
  } catch (err) {
    throw readProblem(path, err);
  }
  const ext = /\.([^.]+)$/.exec(name)?.[1].toLowerCase() ?? '';
  let type = BY_EXTENSION[ext] ?? '';
  if (!folder && !type && !isTextName(name)) {
    try {
      type = await sniff(path);
    } catch (err) {
      throw readProblem(path, err);
    }
    if (type === 'application/octet-stream') type = ext ? `.${ext}` : 'binary data';
  }
  const check = checkAttachment({ name: path, type, size, folder });
  if (!check.ok) throw refuse(check.message);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw readProblem(path, err);
  }
  if (check.kind === 'image') {
    const data = bytes.toString('base64');
    const seen = await inspectImage(data);
    if (!seen.ok)
      throw refuse(
        `“${path}” cannot be sent: ${seen.reason}. Convert it to PNG or JPEG and try again.`,
      );
    return {
      kind: 'image',
      name,
      mimeType: seen.mediaType,
      data,
      width: seen.width,
      height: seen.height,
    };
  }
  if (check.kind === 'pdf') {
    const data = bytes.toString('base64');
    const facts = await inspectPdf(data);
    if (!facts.ok) throw refuse(pdfRefusal(path, facts.reason));
    const tooLong = pdfPagesMessage(path, facts.pages);
    if (tooLong) throw refuse(tooLong);
    return { kind: 'pdf', name, mimeType: 'application/pdf', data, pages: facts.pages };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(
      `“${path}” is not UTF-8 text, so it cannot be sent as a text file. Save it as UTF-8 (or export it as PDF) and try again.`,
    );
  }
  return { kind: 'text', name, mimeType: check.mimeType, data: text };
}
