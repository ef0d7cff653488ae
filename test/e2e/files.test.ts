// Files in the conversation (issue 47): a synthetic drop of an image, a PDF and a code file shows
// each one's token cost and the total before sending; a file Claude cannot read is refused with
// why; on Send the stand-in API (which checks document blocks as the API documents them) receives
// an image block, a cited base64 PDF document and a cited text document named after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { pngBytes } from '../fixtures/images';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { makePdf } from '../fixtures/pdf';
import { openWindow, type WindowSession } from './helpers/session';

type Block = { type: string; [k: string]: unknown };

describe.skipIf(skipWhen('no-browser'))('files dropped into the composer', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-files-'));
    api = await startMessagesApiServer();
    app = await openWindow({
      home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-e2e-files',
        ANTHROPIC_BASE_URL: api.url,
      },
    });
  });
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('shows each file’s cost and the total, refuses what Claude cannot read, and sends valid blocks', async () => {
    const { page } = app;
    const files = {
      png: pngBytes(400, 300).toString('base64'),
      pdf: makePdf(3, { objectStream: true }).toString('base64'),
      code: 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
    };
    await page.evaluate((f) => {
      const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const drop = new DataTransfer();
      drop.items.add(new File([bytes(f.png)], 'chart.png', { type: 'image/png' }));
      drop.items.add(new File([bytes(f.pdf)], 'report.pdf', { type: 'application/pdf' }));
      drop.items.add(new File([f.code], 'add.ts', { type: '' }));
      drop.items.add(new File(['PK'], 'slides.pptx', { type: 'application/vnd.ms-powerpoint' }));
      const form = document.querySelector('.composer')!;
      form.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: drop, bubbles: true, cancelable: true }),
      );
      form.dispatchEvent(
        new DragEvent('drop', { dataTransfer: drop, bubbles: true, cancelable: true }),
      );
    }, files);
    const chips = page.getByTestId('attachment-chip');
    await expect.poll(() => chips.count(), { timeout: 15_000 }).toBe(3);
    // 400×300 / 750 = 160; 3 pages × 2,300; 62 characters of code and 6 of name, / 4.
    expect(await chips.nth(0).textContent()).toMatch(/chart\.png.*400×300.*≈160 tokens/);
    expect(await chips.nth(1).textContent()).toMatch(/report\.pdf.*3 pages.*≈6\.9k tokens/);
    expect(await chips.nth(2).textContent()).toMatch(/add\.ts.*62 characters.*≈18 tokens/);
    expect(await page.getByTestId('attachments-cost').textContent()).toBe(
      '+ ≈7.1k tokens in files',
    );
    expect(await page.getByRole('alert').filter({ hasText: 'slides.pptx' }).textContent()).toMatch(
      /Claude reads images, PDFs, and code or text files\. Export it as PDF or text/,
    );
    await app.screenshot('files-drop-with-costs');
    // Keyboard: Shift+Tab from the message box reaches the last file's remove button, which says
    // the cost too; Tab goes back.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Remove add.ts (≈18 tokens)',
    );
    await page.keyboard.press('Tab');

    // The answer cites the PDF's second page, as the API does for a cited document.
    api.push(
      reply(text('Three files read. '), {
        type: 'text',
        text: 'Page 2 is about the test PDF.',
        citations: [
          {
            type: 'page_location',
            cited_text: 'Page 2 of the test PDF',
            document_index: 1,
            document_title: 'report.pdf',
            start_page_number: 2,
            end_page_number: 3,
          },
        ],
      }),
    );
    await composer.fill('What do these say?');
    await composer.press('Enter');
    await page.getByText('Page 2 is about the test PDF.').waitFor({ timeout: 30_000 });
    const sent = api.messageRequests().at(-1)!.body as unknown as {
      messages: { content: Block[] }[];
    };
    const blocks = sent.messages.at(-1)!.content;
    expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'document', 'text']);
    expect(blocks[0].source).toEqual({ type: 'base64', media_type: 'image/png', data: files.png });
    expect(blocks[1]).toMatchObject({
      source: { type: 'base64', media_type: 'application/pdf', data: files.pdf },
      title: 'report.pdf',
      citations: { enabled: true },
    });
    expect(blocks[2]).toMatchObject({
      source: { type: 'text', media_type: 'text/plain', data: files.code },
      title: 'add.ts',
      citations: { enabled: true },
    });
    expect(await chips.count()).toBe(0);
    const sources = page.getByTestId('citations');
    await sources.waitFor();
    expect(await sources.textContent()).toBe('Sourcesreport.pdf, p. 2 Page 2 of the test PDF');
    // The note about the refused file went with the message it was about.
    expect(await page.getByRole('alert').filter({ hasText: 'slides.pptx' }).count()).toBe(0);
    await app.screenshot('files-cited-answer');
  });
});
