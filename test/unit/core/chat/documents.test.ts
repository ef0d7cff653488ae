// Files in a message: PDFs sent as cited document blocks after their bytes are checked against the
// API's documented limits, text and code with their file name, and each attachment's token cost.
import { inflateSync } from 'node:zlib';
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { preparePdfs, type DocumentRef } from '../../../../electron/core/chat/documents';
import { prepareContent } from '../../../../electron/core/chat/request-content';
import { userContent } from '../../../../electron/core/chat/user-content';
import {
  attachmentTokens,
  checkAttachment,
  imageTokens,
} from '../../../../shared/chat/attachment-rules';
import type { Attachment } from '../../../../shared/chat/messages';
import { readPdfFacts } from '../../../../shared/chat/pdf-facts';
import { makePdf } from '../../../fixtures/pdf';

type Block = { type: string; [k: string]: unknown };
const inflate = (d: Uint8Array) => Promise.resolve(new Uint8Array(inflateSync(d)));

const pdf = (name: string, pages: number): Attachment => ({
  kind: 'pdf',
  name,
  mimeType: 'application/pdf',
  data: makePdf(pages).toString('base64'),
  pages,
});

async function sent(attachments: Attachment[], model = 'claude-sonnet-4-5') {
  const messages: Anthropic.Messages.MessageParam[] = [
    {
      role: 'user',
      content: userContent(
        'Read these',
        attachments,
      ) as unknown as Anthropic.Messages.ContentBlockParam[],
    },
  ];
  const notices = await prepareContent(messages, 'B0und4ry', { id: model });
  return { blocks: messages[0].content as unknown as Block[], notices };
}

describe('a PDF read from its bytes', () => {
  it('counts pages, whether plain objects or inside a compressed object stream', async () => {
    expect(await readPdfFacts(makePdf(3), inflate)).toEqual({ ok: true, pages: 3 });
    expect(await readPdfFacts(makePdf(7, { objectStream: true }), inflate)).toEqual({
      ok: true,
      pages: 7,
    });
  });
  it('refuses what is not a PDF, or is encrypted, saying why', async () => {
    expect(await readPdfFacts(Buffer.from('hello'), inflate)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a PDF/),
    });
    expect(await readPdfFacts(makePdf(1, { encrypted: true }), inflate)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/password-protected or encrypted/),
    });
  });
});

describe('files in the request', () => {
  it('sends a PDF as a base64 document with its name and citations, a text file with its name', async () => {
    const notes: Attachment = {
      kind: 'text',
      name: 'notes.ts',
      mimeType: 'text/plain',
      data: 'export const x = 1;\n',
    };
    const { blocks, notices } = await sent([pdf('report.pdf', 2), notes]);
    expect(notices).toEqual([]);
    expect(blocks[0]).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: pdf('r', 2).data },
      title: 'report.pdf',
      citations: { enabled: true },
    });
    // The API takes citations on all documents of a request or none.
    expect(blocks[1]).toEqual({
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'export const x = 1;\n' },
      title: 'notes.ts',
      citations: { enabled: true },
    });
    expect(blocks[2]).toEqual({ type: 'text', text: 'Read these' });
  });

  it('leaves out a PDF the API would refuse and tells the user what to do', async () => {
    // Stored by an older Lena, or attached with the composer's check bypassed.
    const broken: Attachment = {
      ...pdf('broken.pdf', 1),
      data: Buffer.from('%PDF-1.4 junk').toString('base64'),
    };
    const { blocks, notices } = await sent([pdf('long.pdf', 101), broken]);
    expect(blocks[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/^\[the PDF “long.pdf” not sent to Claude: .*101 PDF pages/),
    });
    expect(notices).toEqual([
      expect.stringMatching(
        /^The PDF “broken.pdf” was not sent to Claude: its pages could not be read/,
      ),
      expect.stringMatching(
        /^The PDF “long.pdf” was not sent to Claude: the request would hold 101 PDF pages and the API reads at most 100/,
      ),
    ]);
  });

  it('keeps the newest PDFs when the request would pass 100 pages', async () => {
    const { blocks } = await sent([pdf('old.pdf', 60), pdf('new.pdf', 60)]);
    expect(blocks[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/old.pdf/) });
    expect(blocks[1]).toMatchObject({ type: 'document', title: 'new.pdf' });
  });

  it('leaves out the oldest PDFs when the request would pass 32 MB', async () => {
    const replaced: string[] = [];
    const ref = (name: string): DocumentRef => ({
      block: userContent('', [pdf(name, 1)])[0] as DocumentRef['block'],
      fresh: true,
      label: name,
      replace: () => void replaced.push(name),
    });
    // Images fill the request but for one and a half PDFs (and 512 KB for its JSON): one fits.
    const images = 32 * 2 ** 20 - 512 * 1024 - 1.5 * pdf('x', 1).data.length;
    const notices = await preparePdfs([ref('old.pdf'), ref('new.pdf')], undefined, images);
    expect(replaced).toEqual(['old.pdf']);
    expect(notices).toEqual([
      expect.stringMatching(/^Old\.pdf was not sent.*over the API's 32 MB limit/),
    ]);
  });

  it('does not send a PDF to a model that cannot read it', async () => {
    const { notices } = await sent([pdf('a.pdf', 1)], 'claude-3-opus-20240229');
    expect(notices).toEqual([expect.stringMatching(/claude-3-opus-20240229 does not read PDFs/)]);
    const messages: Anthropic.Messages.MessageParam[] = [
      {
        role: 'user',
        content: userContent('', [
          pdf('a.pdf', 1),
        ]) as unknown as Anthropic.Messages.ContentBlockParam[],
      },
    ];
    // The Models API's word (pdf_input) wins over the name.
    expect(await prepareContent(messages, 'B', { id: 'claude-next', pdf: false })).toEqual([
      expect.stringMatching(/claude-next does not read PDFs/),
    ]);
  });
});

describe('what an attachment costs', () => {
  it('prices images by width × height / 750 after the API scales them', () => {
    expect(imageTokens(200, 200)).toBe(54);
    expect(imageTokens(1000, 1000)).toBe(1334);
    expect(imageTokens(4000, 3000)).toBe(1600);
  });
  it('prices PDFs by pages and text by its characters, and says when it cannot tell', () => {
    expect(attachmentTokens(pdf('a.pdf', 3))).toBe(6900);
    expect(
      attachmentTokens({
        kind: 'text',
        name: 'a.md',
        mimeType: 'text/plain',
        data: 'x'.repeat(400),
      }),
    ).toBe(101);
    expect(
      attachmentTokens({ kind: 'image', name: 'a.png', mimeType: 'image/png', data: '' }),
    ).toBeUndefined();
  });
  it('refuses folders and unknown files with what to do, and takes PDFs and code', () => {
    expect(checkAttachment({ name: 'src', type: '', size: 0, folder: true })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is a folder; attach the files inside it/),
    });
    expect(checkAttachment({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toMatchObject({
      ok: true,
      kind: 'pdf',
    });
    expect(
      checkAttachment({ name: 'big.pdf', type: 'application/pdf', size: 30 * 2 ** 20 }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at most 23 MB/),
    });
    expect(checkAttachment({ name: 'main.rs', type: '', size: 10 })).toMatchObject({
      ok: true,
      kind: 'text',
    });
    expect(
      checkAttachment({ name: 'a.docx', type: 'application/vnd.openxmlformats', size: 10 }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Export it as PDF or text/),
    });
  });
});
