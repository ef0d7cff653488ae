// The model chip in the composer: fed by the Models API (the stand-in's GET /v1/models, with
// display names and limits), grouped by context window, remembered per conversation, and used by
// the next request; Thinking and Effort in its popover.
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import {
  closeModelPopover,
  modelChip,
  modelOption,
  openModelPopover,
  pickModel,
} from './helpers/composer';

describe.skipIf(skipWhen('no-browser'))('the model picker', () => {
  const win = sharedChatWindow();

  it('lists the Models API’s models with their limits and sends the next turn to the one picked', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Hello from the default model.')));
    await ask(page, 'Hi');
    await page.getByText('Hello from the default model.').waitFor({ timeout: 30_000 });
    const popover = await openModelPopover(page);
    const haiku = popover
      .getByRole('group', { name: '200K context' })
      .getByRole('option')
      .filter({ hasText: 'Claude Haiku 4.5' });
    expect(await haiku.textContent()).toContain('64K out');
    await haiku.click();
    await expect.poll(() => haiku.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    expect(await modelChip(page).textContent()).toContain('Haiku 4.5');
    await win().app.screenshot('model-picker');
    await closeModelPopover(page);
    win().api.push(reply(text('Hello from Haiku.')));
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Again, in the same conversation');
    await box.press('Enter');
    await page.getByText('Hello from Haiku.').waitFor({ timeout: 30_000 });
    expect(win().api.messageRequests().at(-1)!.body.model).toBe('claude-haiku-4-5');
    // A new conversation starts with the default model from Settings; this one keeps Haiku.
    win().api.push(reply(text('Default again.')));
    await ask(page, 'New one');
    await page.getByText('Default again.').waitFor({ timeout: 30_000 });
    expect(win().api.messageRequests().at(-1)!.body.model).toBe('claude-sonnet-4-6');
  });

  it('shows Thinking and Effort only where the model’s capabilities offer them, and sends them', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Ready.')));
    await ask(page, 'Think hard');
    await page.getByText('Ready.').waitFor({ timeout: 30_000 });
    await pickModel(page, 'Claude Haiku 4.5');
    await expect
      .poll(() => modelOption(page, 'Claude Haiku 4.5').getAttribute('aria-selected'))
      .toBe('true');
    await expect
      .poll(() => page.getByLabel('Effort', { exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(await page.getByLabel('Thinking', { exact: true }).count()).toBe(0);
    await pickModel(page, 'Claude Opus 4.7');
    await page.getByLabel('Thinking', { exact: true }).selectOption('adaptive');
    await page.getByLabel('Effort', { exact: true }).selectOption('xhigh');
    await expect
      .poll(() => page.getByLabel('Effort', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('xhigh');
    await win().app.screenshot('thinking-controls');
    await closeModelPopover(page);
    win().api.push(reply(text('Thought it through.')));
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Now answer');
    await box.press('Enter');
    await page.getByText('Thought it through.').waitFor({ timeout: 30_000 });
    expect(win().api.messageRequests().at(-1)!.body).toMatchObject({
      model: 'claude-opus-4-7',
      thinking: { type: 'adaptive' },
      output_config: { effort: 'xhigh' },
    });
  });
});
