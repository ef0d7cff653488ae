// A project's pinned PDFs and images (issue 47's pinned files beyond text), over a real home and
// the stand-in Messages API, which checks documents and images as the API documents them: given
// once as the blocks a message attachment of that kind becomes, counted with the attachment
// estimates, a PDF left out with a notice for a model without pdf_input, and a file whose name
// claims a PDF its bytes are not refused with the reason.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/chat/conversations';
import type { ProjectPrefsView } from '../../../../shared/projects';
import { pngBytes } from '../../../fixtures/images';
import {
  reply,
  STAND_IN_MODELS,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../../fixtures/messages-api';
import { makePdf } from '../../../fixtures/pdf';
import { startHost, tempHome } from './host-harness';

const TEXT_ONLY = 'claude-text-only';
let api: MessagesApiServer;
beforeAll(async () => {
  const base = STAND_IN_MODELS[0];
  api = await startMessagesApiServer({
    models: [
      {
        ...base,
        info: {
          ...base.info,
          id: TEXT_ONLY,
          capabilities: { ...base.info.capabilities!, pdf_input: { supported: false } },
        },
      },
    ],
  });
});
afterAll(() => api.close());

const env = () => ({
  ANTHROPIC_API_KEY: 'sk-ant-projects-media-0123456789',
  ANTHROPIC_BASE_URL: api.url,
});

type Block = { type: string; title?: string; source?: { type: string; media_type: string } };

function projectHome() {
  const home = tempHome('lena-pinmedia-');
  const project = join(home, 'work', 'atlas');
  mkdirSync(project, { recursive: true });
  const pdf = join(home, 'report.pdf');
  writeFileSync(pdf, makePdf(2));
  const png = join(home, 'chart.png');
  writeFileSync(png, pngBytes(300, 200));
  return { home, project, pdf, png };
}

/** Every block of a request's messages, with the index of its message. */
const blocks = (req: RecordedRequest) =>
  (req.body.messages as { content: Block[] | string }[]).flatMap((m, i) =>
    Array.isArray(m.content) ? m.content.map((b) => ({ at: i, ...b })) : [],
  );

describe('pinned PDFs and images', () => {
  it('gives a pinned PDF and PNG once as a document and an image block, counted, with a stable prefix', async () => {
    const { home, project, pdf, png } = projectHome();
    const h = startHost(home, { env: env() });
    await h.call('project:open', { folder: project });
    const view = await h.call<ProjectPrefsView>('project:set-prefs', {
      folder: project,
      pinned: [pdf, png],
    });
    // 2 pages at 2,300 a page; 300×200 px at width × height / 750.
    expect(view.pinned).toEqual([
      { path: pdf, name: 'report.pdf', tokens: 4600 },
      { path: png, name: 'chart.png', tokens: 80 },
    ]);
    expect(view.pinnedTokens).toBe(4680);

    const conv = await h.call<ConversationSummary>('conversations:create');
    const s = await h.host.services();
    api.push(reply(text('Read.')), reply(text('Again.')));
    const start = api.messageRequests().length;
    await s.chat.send(conv.id, 'What does the chart show?').done;
    await s.chat.send(conv.id, 'And page two?').done;
    const [one, two] = api.messageRequests().slice(start);
    // Both answered: the stand-in API accepted the blocks.
    const answers = await h.call<{ messages: { role: string }[] }>('conversations:get', {
      id: conv.id,
    });
    expect(JSON.stringify(answers.messages.at(-1))).toContain('Again.');
    for (const req of [one, two]) {
      const media = blocks(req).filter((b) => b.type === 'document' || b.type === 'image');
      expect(media).toEqual([
        {
          at: 0,
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: expect.any(String) },
          title: 'report.pdf',
          context: expect.any(String),
          citations: { enabled: true },
        },
        {
          at: 0,
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: expect.any(String) },
        },
      ]);
    }
    // The first turn is sent the same on the second: the cached prefix holds.
    const first = (req: RecordedRequest) =>
      JSON.stringify((req.body.messages as unknown[])[0], (k, v: unknown) =>
        k === 'cache_control' ? undefined : v,
      );
    expect(first(two)).toBe(first(one));
    const meter = (await h.call<ConversationSummary>('conversations:get', { id: conv.id })).meter!;
    expect(meter.pinnedTokens).toBe(4680);
  }, 30_000);

  it('leaves a pinned PDF out with a notice for a model without pdf_input, and still answers', async () => {
    const { home, project, pdf, png } = projectHome();
    const h = startHost(home, { env: env() });
    const events: unknown[] = [];
    h.host.events.forward((_e, p) => events.push(p));
    await h.call('project:open', { folder: project });
    const view = await h.call<ProjectPrefsView>('project:set-prefs', {
      folder: project,
      pinned: [pdf, png],
      model: TEXT_ONLY,
    });
    // The sheet says so before any message, from the Models API's pdf_input.
    expect(view.pinned.map((f) => [f.name, f.tokens, f.error])).toEqual([
      ['report.pdf', 0, 'claude-text-only does not read PDFs; choose a newer Claude model'],
      ['chart.png', 80, undefined],
    ]);
    const conv = await h.call<ConversationSummary>('conversations:create');
    expect(conv.model).toBe(TEXT_ONLY);
    const s = await h.host.services();
    api.push(reply(text('I see the chart.')));
    const start = api.messageRequests().length;
    await s.chat.send(conv.id, 'Summarise the report.').done;
    const [req] = api.messageRequests().slice(start);
    const sent = blocks(req);
    expect(sent.filter((b) => b.type === 'document')).toEqual([]);
    expect(sent.filter((b) => b.type === 'image')).toHaveLength(1);
    expect(JSON.stringify(sent)).toMatch(/report\.pdf” not sent to Claude/);
    const notices = events.flatMap((e) =>
      (e as { type?: string }).type === 'notice' ? [(e as { message: string }).message] : [],
    );
    expect(notices).toEqual([
      expect.stringMatching(
        /^The PDF “report\.pdf” was not sent to Claude: claude-text-only does not read PDFs/,
      ),
    ]);
    const got = await h.call<{ messages: { role: string; content: Block[] }[] }>(
      'conversations:get',
      { id: conv.id },
    );
    expect(JSON.stringify(got.messages.at(-1))).toContain('I see the chart.');
  }, 30_000);

  it('refuses a file that claims to be a PDF or an image and is not, with the reason', async () => {
    const { home, project } = projectHome();
    const fakePdf = join(home, 'invoice.pdf');
    writeFileSync(fakePdf, 'Dear customer, this is plain text.');
    const fakePng = join(home, 'photo.png');
    writeFileSync(fakePng, 'not a picture');
    const binary = join(home, 'blob.bin');
    writeFileSync(binary, Buffer.from([1, 0, 2, 0, 3]));
    const big = join(home, 'big.log');
    writeFileSync(big, 'x'.repeat(1.5 * 1024 * 1024));
    const h = startHost(home, { env: env() });
    await h.call('project:open', { folder: project });
    const view = await h.call<ProjectPrefsView>('project:set-prefs', {
      folder: project,
      pinned: [fakePdf, fakePng, binary, big],
    });
    expect(view.pinned.map((f) => [f.name, f.tokens, f.error])).toEqual([
      ['invoice.pdf', 0, 'its bytes are not a PDF (no %PDF- header)'],
      ['photo.png', 0, expect.stringMatching(/^its bytes are not an image format Lena can read/)],
      [
        'blob.bin',
        0,
        'not a kind Claude reads; a project can pin text and code files, PDFs, and PNG, JPEG, GIF or WebP images',
      ],
      // A text file's cap is the attachment's, said as such.
      ['big.log', 0, expect.stringMatching(/^1\.5 MB; text files can be at most 1 MB/)],
    ]);
    const conv = await h.call<ConversationSummary>('conversations:create');
    const s = await h.host.services();
    api.push(reply(text('Nothing pinned reached me.')));
    const start = api.messageRequests().length;
    await s.chat.send(conv.id, 'Anything pinned?').done;
    const [req] = api.messageRequests().slice(start);
    expect(blocks(req).map((b) => b.type)).toEqual(['text']);
  }, 30_000);

  it('after a move gives only the media the conversation does not hold, within 100 pages together', async () => {
    const { home, project, pdf, png } = projectHome();
    const other = join(home, 'work', 'atlas-2');
    mkdirSync(other);
    const long = join(home, 'manual.pdf');
    writeFileSync(long, makePdf(99));
    const h = startHost(home, { env: env() });
    await h.call('project:open', { folder: project });
    await h.call('project:set-prefs', { folder: project, pinned: [png] });
    const view = await h.call<ProjectPrefsView>('project:set-prefs', {
      folder: other,
      pinned: [png, pdf, long],
    });
    // The manual's 99 pages and the report's 2 pass the API's 100 pages a request.
    expect(view.pinned.map((f) => [f.name, f.tokens, f.error])).toEqual([
      ['chart.png', 80, undefined],
      ['report.pdf', 4600, undefined],
      [
        'manual.pdf',
        0,
        'the pinned PDFs would pass 100 pages together, the most the API reads in a request',
      ],
    ]);
    const conv = await h.call<ConversationSummary>('conversations:create');
    const s = await h.host.services();
    api.push(reply(text('A chart.')), reply(text('A report.')));
    const start = api.messageRequests().length;
    await s.chat.send(conv.id, 'Look.').done;
    await h.call('conversations:move', { id: conv.id, project: other });
    await s.chat.send(conv.id, 'And now?').done;
    const [, second] = api.messageRequests().slice(start);
    // The chart once (from the first turn), the report added at the start of the new turn.
    expect(blocks(second).flatMap((b) => (b.type === 'text' ? [] : [`${b.at}:${b.type}`]))).toEqual(
      ['0:image', '2:document'],
    );
  }, 30_000);
});
