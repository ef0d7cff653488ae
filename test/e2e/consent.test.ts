// The permission question as people read it (issue 37, items 4 to 7), against real servers: the
// heading ("Write File — fs · untrusted") with the qualified name that really runs always on the
// line below, one safety line per question (its three cases, red only for a declared deletion),
// a question from another conversation named in the header with "Go to chat", and the composer
// shrunk to one line while a question is open. Also an error tool card that says its error once.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce, armedQuestion, denyQuestion } from './helpers/questions';
import { screenshotSizes } from './helpers/sizes';

const peer = join(ROOT, 'test/fixtures/mcp/deceptive-peer.mjs');
// Its tools carry no annotations; `fails` returns an isError result.
const plain = join(ROOT, 'test/fixtures/mcp/scripted-server.mjs');

/** Whether `el` is drawn whole inside the window. */
const onScreen = (el: Locator) =>
  el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** What the user reads of the open question's head and safety line. */
async function readQuestion(question: Locator) {
  const safety = question.getByTestId('safety-line');
  return {
    heading: await question.getByRole('heading').textContent(),
    wire: await question.getByTestId('wire-name').locator('code').textContent(),
    safety: (await safety.textContent())?.replace(/^⚠ /, ''),
    color: await safety.evaluate((el) => getComputedStyle(el).color),
  };
}

/** The composer's height and whether Send (or Stop, while the turn waits) sits on the message box's line. */
const composerShape = async (page: Page) => {
  await page.getByRole('button', { name: /^(Send|■ Stop)$/ }).waitFor();
  return page.locator('form.composer').evaluate((form) => {
    const box = form.querySelector('textarea')!.getBoundingClientRect();
    const send = form
      .querySelector('button[type="submit"], button.danger')!
      .getBoundingClientRect();
    const middle = send.top + send.height / 2;
    return {
      height: Math.round(form.getBoundingClientRect().height),
      oneLine: middle > box.top && middle < box.bottom,
    };
  });
};

describe.skipIf(skipWhen('no-browser'))('the permission question as people read it', () => {
  const win = sharedChatWindow({
    extraServers: {
      notes: { command: process.execPath, args: [peer] },
      plain: { command: process.execPath, args: [plain, 'plain'] },
    },
  });

  it('heads each question “Title — server · trust”, the wire name below in monospace, and one safety line of three kinds (red only for a declared deletion)', async () => {
    const { page } = win().app;
    await page.setViewportSize({ width: 1280, height: 800 });
    win().api.push(
      reply(
        toolUse('mcp__fs__write_file', { path: join(win().files, 'a.md'), content: 'hello\n' }),
        toolUse('mcp__plain__sleep', { ms: 1 }),
        toolUse('mcp__notes__wipe', { path: '/home/me/everything' }),
      ),
      reply(text('Nothing ran.')),
    );
    await ask(page, 'Three tools at once');
    const seen = new Map<string, Awaited<ReturnType<typeof readQuestion>>>();
    for (let i = 0; i < 3; i++) {
      const question = await armedQuestion(page);
      const read = await readQuestion(question);
      seen.set(read.wire ?? '', read);
      // The wire name is monospace and drawn in the frame's head.
      expect(
        await question
          .getByTestId('wire-name')
          .locator('code')
          .evaluate((el) => getComputedStyle(el).fontFamily),
      ).toMatch(/mono/i);
      expect(await onScreen(question.getByTestId('wire-name'))).toBe(true);
      if (read.wire === 'mcp__fs__write_file')
        await screenshotSizes(win().app, 'consent-permission', async () => {
          // The wire name stays visible however the size changes.
          expect(await onScreen(question.getByTestId('wire-name'))).toBe(true);
        });
      await denyQuestion(page);
    }
    await page.getByText('Nothing ran.').waitFor({ timeout: 30_000 });

    const write = seen.get('mcp__fs__write_file')!;
    expect(write.heading).toBe('Write File — fs · untrusted');
    expect(write.safety).toBe('Declares it may delete data · also says: idempotent');

    const sum = seen.get('mcp__plain__sleep')!;
    expect(sum.heading).toBe('sleep — plain · untrusted');
    expect(sum.safety).toBe('No safety information from the server');

    // The lying tool's title is in the heading as its claim; the wire name below says what runs.
    const wipe = seen.get('mcp__notes__wipe')!;
    expect(wipe.heading).toBe('Read notes (read-only, safe) — notes · untrusted');
    expect(wipe.safety).toBe('Says it is read-only (not verified: server not trusted)');

    // Red only for the declared deletion: the other two share the quiet colour.
    expect(sum.color).toBe(wipe.color);
    expect(write.color).not.toBe(sum.color);
    const [r, g, b] = (write.color.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
  });

  it('names a question from another conversation in its head, with “Go to chat”, however far the body scrolls', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: join(win().files, 'trip.md'), content: 'x\n' })),
      reply(text('Trip not written.')),
    );
    await ask(page, 'Plan the trip');
    await armedQuestion(page);
    expect(await page.getByTestId('question-elsewhere').count()).toBe(0);
    await page.keyboard.press('Control+n');
    const question = await armedQuestion(page);
    const elsewhere = question.getByTestId('question-elsewhere');
    await elsewhere.waitFor();
    expect(await elsewhere.textContent()).toMatch(
      /^Asked in another conversation: “.+”Go to chat$/,
    );
    await page.setViewportSize({ width: 720, height: 560 });
    await question
      .locator('.question-body')
      .evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
    expect(await question.locator('.question-body').evaluate((b) => b.scrollTop)).toBeGreaterThan(
      0,
    );
    expect(await onScreen(elsewhere)).toBe(true);
    expect(await onScreen(question.getByRole('button', { name: 'Go to chat' }))).toBe(true);
    await win().app.screenshot('consent-elsewhere-720x560');
    await page.setViewportSize({ width: 1280, height: 800 });
    await question.getByRole('button', { name: 'Go to chat' }).click();
    await page.getByText('Plan the trip', { exact: true }).first().waitFor();
    expect(await page.getByTestId('question-elsewhere').count()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.hasAttribute('data-question-heading')),
      )
      .toBe(true);
    await denyQuestion(page);
    await page.getByText('Trip not written.').waitFor({ timeout: 30_000 });
  });

  it('gives the question the room at 720×560: the composer is one line while it is open', async () => {
    const { page } = win().app;
    await page.setViewportSize({ width: 720, height: 560 });
    await page.keyboard.press('Control+n');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    const open = await composerShape(page);
    expect(open.oneLine).toBe(false);
    win().api.push(
      reply(
        toolUse('mcp__fs__write_file', {
          path: join(win().files, 'notes.md'),
          content: Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'),
        }),
      ),
      reply(text('Notes not written.')),
    );
    await ask(page, 'Write my notes');
    const question = await armedQuestion(page);
    const asking = await composerShape(page);
    expect(asking.oneLine).toBe(true);
    expect(asking.height).toBeLessThan(60);
    // The composer still takes typing while it is one line.
    expect(await page.getByRole('textbox', { name: 'Message' }).isEditable()).toBe(true);
    // The file preview (what will be written) shows in the room the composer gave.
    const preview = question.locator('.arg-text pre');
    expect(await preview.textContent()).toContain('line 1');
    expect(
      await question.locator('.question-body').evaluate((b) => b.getBoundingClientRect().height),
    ).toBeGreaterThan(180);
    await win().app.screenshot('consent-composer-collapsed-720x560');
    console.log(`composer at 720x560: ${open.height} px, ${asking.height} px with a question open`);
    await denyQuestion(page);
    await page.getByText('Notes not written.').waitFor({ timeout: 30_000 });
    expect((await composerShape(page)).oneLine).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('an error tool card says the tool’s error once', async () => {
    const { page } = win().app;
    win().api.push(reply(toolUse('mcp__plain__fails', {})), reply(text('That file is missing.')));
    await ask(page, 'Read the missing file');
    await allowOnce(page);
    await page.getByText('That file is missing.').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('tool-card').last();
    expect(await card.getAttribute('data-status')).toBe('error');
    const said = (await card.textContent()) ?? '';
    expect(said.match(/the file does not exist/g)?.length).toBe(1);
    expect(await card.getByTestId('tool-error').textContent()).toBe(
      'The tool reported an error: the file does not exist',
    );
    await win().app.screenshot('consent-error-card');
  });
});
