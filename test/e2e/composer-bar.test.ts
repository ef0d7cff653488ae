// The composer's bar as the apps people know it (issue 37), in Chromium against the real core and
// the reference servers: four stops ("+", the model chip, the tools chip, Send), one "+" menu for
// files, resources and prompts, a model chip whose popover groups the models by context window and
// holds Thinking and Effort, one "/" list for prompts and commands, "Use in chat" on a server's
// prompts, nothing cut at 720 px, and no axe findings on the new menus.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { AxeTally, describeFindings } from './helpers/axe';
import { sharedChatWindow } from './helpers/chat-setup';
import { closeModelPopover, modelChip, pickModel } from './helpers/composer';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 700 },
  { width: 720, height: 600 },
] as const;

/** The accessible name (or text) of the focused element, and whether it is inside the composer's bar. */
const focusedStop = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inBar: el?.closest('.composer-bar') !== null,
    };
  });

const addButton = (page: Page) =>
  page.getByRole('button', { name: 'Add files, resources or prompts' });

describe.skipIf(skipWhen('no-browser'))('the composer bar', () => {
  const win = sharedChatWindow();
  const tally = new AxeTally();

  it('is four stops from the message box: "+", model, tools, Send', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+n');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello');
    await expect.poll(() => modelChip(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.focus();
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await focusedStop(page);
      if (!f.inBar) break;
      stops.push(f.name);
    }
    expect(stops).toHaveLength(4);
    expect(stops[0]).toBe('Add files, resources or prompts');
    expect(stops[1]).toMatch(/^Model for this conversation: Claude Sonnet 4\.6/);
    expect(stops[2]).toMatch(/tools, for this conversation$/);
    expect(stops[3]).toBe('Send');
    await box.fill('');
  });

  it('"+" is one menu of files, resources and prompts, by mouse and keyboard', async () => {
    const { page } = win().app;
    await addButton(page).click();
    const menu = page.getByRole('menu', { name: 'Add to the message' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Files from your computer…or drop, paste',
      'A resource from a server…',
      'A prompt from a server…/',
      'Skills…folders of instructions',
    ]);
    // Opened on its first item; ↓ moves, Escape closes it and returns to "+".
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain('Files from your computer');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('A resource');
    const severe = await tally.scan(page, 'composer + menu');
    expect(severe, describeFindings(severe)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect((await focusedStop(page)).name).toBe('Add files, resources or prompts');

    // Files: the system's file chooser.
    await addButton(page).click();
    const chooser = page.waitForEvent('filechooser');
    await menu.getByRole('menuitem', { name: /Files from your computer/ }).click();
    await (
      await chooser
    ).setFiles([{ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
    await page.getByRole('button', { name: 'Remove a.txt' }).click();

    // A resource: the picker of a connected server's resources.
    await addButton(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Attach a resource' });
    await picker.waitFor();
    await picker.getByRole('button', { name: 'Close' }).click();

    // A prompt: "/" in the message box, and the one list shows the servers' prompts.
    await addButton(page).click();
    await menu.getByRole('menuitem', { name: /A prompt from a server/ }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    expect(await box.inputValue()).toBe('/');
    expect((await focusedStop(page)).name).toBe('Message');
    await page
      .getByRole('listbox', { name: 'Prompts and commands' })
      .getByRole('option', { name: /\/every:simple-prompt/ })
      .waitFor({ timeout: 30_000 });
    await box.fill('');
  });

  it('the model chip’s popover groups the models by context window and holds Thinking and Effort', async () => {
    const { page } = win().app;
    await modelChip(page).click();
    const popover = page.getByRole('dialog', { name: 'Model and thinking' });
    const list = popover.getByRole('listbox', { name: 'Models' });
    const groups = await list
      .getByRole('group')
      .evaluateAll((gs) =>
        gs.map(
          (g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
      );
    expect(groups).toEqual(['1M context', '400K context', '200K context']);
    // Focus starts on the conversation's model; each option says its output limit and its price
    // per million input / output tokens, or that the price is unknown (never $0).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      '✓Claude Sonnet 4.6128K out · $3 / $15',
    );
    expect(await list.getByRole('option', { name: /Claude Opus 4\.7/ }).textContent()).toContain(
      'price unknown',
    );
    const haiku = list.getByRole('group', { name: '200K context' }).getByRole('option', {
      name: /Claude Haiku 4\.5/,
    });
    expect(await haiku.textContent()).toContain('64K out');
    // Keyboard: ↓ and Enter pick; Opus 4.7 offers Thinking and Effort in the same popover.
    await list.getByRole('option', { name: /Claude Opus 4\.7/ }).click();
    await popover.getByLabel('Thinking', { exact: true }).selectOption('adaptive');
    await popover.getByLabel('Effort', { exact: true }).selectOption('xhigh');
    await expect
      .poll(() => modelChip(page).textContent(), { timeout: 10_000 })
      .toBe('Opus 4.7 · Thinking · xhigh effort ▾');
    const severe = await tally.scan(page, 'composer model popover');
    expect(severe, describeFindings(severe)).toEqual([]);
    // A model without thinking choices: the popover says none.
    await haiku.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => popover.getByLabel('Effort', { exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(await popover.getByLabel('Thinking', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);
    expect((await focusedStop(page)).name).toBe('Model for this conversation: Claude Haiku 4.5');
  });

  it('"/" opens one list of prompts and commands, options that are not buttons', async () => {
    const { page } = win().app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/');
    const list = page.getByRole('listbox', { name: 'Prompts and commands' });
    await list.getByRole('option', { name: /\/every:simple-prompt/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('listbox').count()).toBe(1);
    const names = await list.getByRole('option').locator('.slash-name').allTextContents();
    expect(names).toContain('/mcp');
    expect(names).toContain('/mcp reload');
    expect(names.some((n) => n.startsWith('/every:'))).toBe(true);
    expect(await list.locator('button').count()).toBe(0);
    // The box points at the highlighted option; ↓ moves it, Enter on a prompt opens its form.
    const selected = list.getByRole('option', { selected: true });
    expect(await box.getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));
    const severe = await tally.scan(page, 'composer slash list');
    expect(severe, describeFindings(severe)).toEqual([]);
    await box.fill('/every:simple');
    await box.press('Enter');
    const form = page.getByRole('form', { name: 'Run /every:simple-prompt' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    // A command: Tab completes it, Enter runs a whole one; Escape closes the list, keeping the text.
    await box.fill('/mcp rem');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('/mcp remove ');
    await box.fill('/mcp');
    await box.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await box.inputValue()).toBe('/mcp');
    await box.fill('');
  });

  it('a server’s prompt has "Use in chat", which opens its form in the composer', async () => {
    const { page } = win().app;
    await page.getByRole('button', { name: '2 of 2 servers' }).click();
    await page.getByRole('button', { name: /every/ }).first().click();
    await page.getByRole('tab', { name: 'Prompts' }).click();
    const use = page.getByRole('button', { name: 'Use in chat: /every:simple-prompt' });
    await use.waitFor({ timeout: 30_000 });
    await win().app.screenshot('prompts-tab-use-in-chat');
    await use.click();
    const form = page.getByRole('form', { name: 'Run /every:simple-prompt' });
    await form.waitFor();
    await win().app.screenshot('prompts-use-in-chat-form');
    // Nothing to fill in: focus is on Run prompt, ready for Enter.
    expect((await focusedStop(page)).name).toBe('Run prompt');
    expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('nothing in the bar is cut at 1280, 900 and 720 px, light and dark; each menu shown', async () => {
    const { page } = win().app;
    const screenshot = (name: string) => win().app.screenshot(name);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('');
    // The longest chip: a model with Thinking and an effort level.
    await pickModel(page, 'Claude Opus 4.7');
    await closeModelPopover(page);
    await expect
      .poll(() => modelChip(page).textContent())
      .toBe('Opus 4.7 · Thinking · xhigh effort ▾');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const tag = `${size.width}-${scheme}`;
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.composer-bar button, .composer-meter > *')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return (
                el.scrollWidth > el.clientWidth + 1 || r.right > window.innerWidth || r.width === 0
              );
            })
            .map((el) => el.getAttribute('aria-label') ?? el.textContent),
        );
        expect(cut, `cut at ${tag}`).toEqual([]);
        await screenshot(`composer-bar-${tag}`);
        await addButton(page).click();
        await screenshot(`composer-add-menu-${tag}`);
        await page.keyboard.press('Escape');
        await modelChip(page).click();
        const popover = await page
          .getByRole('dialog', { name: 'Model and thinking' })
          .boundingBox();
        expect(popover!.x + popover!.width, `model popover at ${tag}`).toBeLessThanOrEqual(
          size.width,
        );
        await screenshot(`composer-model-popover-${tag}`);
        await page.keyboard.press('Escape');
        await box.fill('/');
        await page.getByRole('listbox', { name: 'Prompts and commands' }).waitFor();
        await screenshot(`composer-slash-list-${tag}`);
        await box.fill('');
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
