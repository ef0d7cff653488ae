// Long and large content (issue 15): the permission dialog's arguments read like what they are (a
// file's content as a text block folded after a screen with "Show all", edits as a diff, the JSON
// with long values folded), tool images open in a lightbox over the whole window with zoom, Save
// and keyboard close, and a failed start with a very long PATH wraps inside the window, its cause first.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { allowOnce, armedQuestion, denyQuestion } from './helpers/questions';

const LONG_PATH = Array.from(
  { length: 40 },
  (_, i) => `/opt/tools-${i}/a-rather-long-directory-name/bin`,
).join(':');

describe.skipIf(skipWhen('no-browser'))('long and large content', () => {
  const win = sharedChatWindow();

  it('shows a file to be written as a text block, folded after a screen, with the JSON folded too', async () => {
    const { page } = win().app;
    const target = join(win().files, 'plan.md');
    const content = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the plan`).join('\n');
    win().api.push(
      reply(toolUse('mcp__fs__write_file', { path: target, content })),
      reply(text('Not written.')),
    );
    await ask(page, 'Write the long plan');
    const question = await armedQuestion(page);
    const json = await question.locator('.code-block pre').textContent();
    expect(json).toContain(`"path": "${target}"`);
    expect(json).toContain('"content": "Line 1 of the plan…" ⟨40 lines, shown below⟩');
    const block = question.getByRole('region', { name: 'content (40 lines)' });
    expect(await block.textContent()).toContain(`Will write to ${target}`);
    const body = block.getByRole('region', { name: 'Text of content' });
    expect(await body.textContent()).toContain('Line 24 of the plan');
    expect(await body.textContent()).not.toContain('Line 25 of the plan');
    await win().app.screenshot('long-args-write');
    await block.getByRole('button', { name: 'Show all 40 lines' }).click();
    expect(await body.textContent()).toContain('Line 40 of the plan');
    // The raw JSON is one click away and holds every line.
    await question.getByRole('button', { name: 'Show the raw JSON' }).click();
    expect(await question.locator('.code-block pre').textContent()).toContain(
      'Line 40 of the plan',
    );
    await denyQuestion(page);
    await page.getByText('Not written.').waitFor({ timeout: 30_000 });
  });

  it('shows edits as a diff of removed and added lines', async () => {
    const { page } = win().app;
    const target = join(win().files, 'code.ts');
    win().api.push(
      reply(
        toolUse('mcp__fs__edit_file', {
          path: target,
          edits: [{ oldText: 'let a = 1;\nlet b = 2;', newText: 'const a = 1;\nconst b = 2;' }],
        }),
      ),
      reply(text('Not edited.')),
    );
    await ask(page, 'Make them const');
    const question = await armedQuestion(page);
    const diff = question.getByRole('region', { name: `Changes to ${target}` });
    expect(await diff.locator('.diff-del').allTextContents()).toEqual([
      '− let a = 1;',
      '− let b = 2;',
    ]);
    expect(await diff.locator('.diff-add').allTextContents()).toEqual([
      '+ const a = 1;',
      '+ const b = 2;',
    ]);
    await win().app.screenshot('long-args-diff');
    await page.emulateMedia({ colorScheme: 'dark' });
    await win().app.screenshot('long-args-diff-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await denyQuestion(page);
    await page.getByText('Not edited.').waitFor({ timeout: 30_000 });
  });

  it('opens a tool image in a lightbox over the whole window: fit, zoom, save, Escape back to the thumbnail', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__every__get-tiny-image', {})),
      reply(text('Here is the picture.')),
    );
    await ask(page, 'Show me a picture');
    await allowOnce(page);
    await page.getByText('Here is the picture.').waitFor({ timeout: 30_000 });
    await page.getByTestId('tool-card').last().getByRole('button', { name: /Done/ }).click();
    const thumb = page.getByRole('button', { name: /Open Image 1 from the tool large/ });
    await thumb.press('Enter');
    const box = page.getByRole('dialog', { name: 'Image 1 from the tool' });
    await box.waitFor();
    // Over the whole window, not inside the message row.
    expect(await box.evaluate((el) => el.parentElement === document.body)).toBe(true);
    const size = page.viewportSize()!;
    expect(await box.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
    // The tiny image is scaled up to fit.
    const img = box.getByRole('img');
    const shown = await img.evaluate((el: HTMLImageElement) => ({
      width: el.getBoundingClientRect().width,
      natural: el.naturalWidth,
    }));
    expect(shown.width).toBeGreaterThan(shown.natural * 4);
    await win().app.screenshot('lightbox-fit');
    await page.keyboard.press('+');
    await expect.poll(() => box.textContent()).toContain('150 %');
    expect(await box.getByRole('link', { name: 'Save image…' }).getAttribute('download')).toMatch(
      /^image-1-from-the-tool\.png$/,
    );
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a failed start with a very long PATH wraps inside the window', async () => {
    const { page } = win().app;
    const { host } = win().app;
    const added = (await host.dispatch(
      'servers:add',
      {
        name: 'broken',
        entry: { command: 'lena-no-such-program', args: ['--serve'], env: { PATH: LONG_PATH } },
      },
      { senderUrl: 'test' },
    )) as { ok: boolean };
    expect(added.ok).toBe(true);
    await page.setViewportSize({ width: 900, height: 600 });
    await page.getByRole('button', { name: /of 3 servers$/ }).click();
    await page.getByRole('button', { name: /^broken/ }).click();
    await page
      .locator('.server-detail')
      .getByText(/Failed|not found|No such/i)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const wide = await page
      .locator('.server-detail *')
      .evaluateAll((els) =>
        els
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.className),
      );
    expect(wide).toEqual([]);
    await win().app.screenshot('failed-long-path-900');
    // The cause comes first: at 900×600 the failure is above the fold, with Edit next to it.
    const note = page.locator('.server-detail .error-note');
    const top = await note.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(600 - 80);
    await note.getByRole('button', { name: 'Edit' }).click();
    expect(
      await page.getByRole('tab', { name: 'Configuration' }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.setViewportSize({ width: 1200, height: 800 });
  });
});
