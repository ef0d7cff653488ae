// The model picker in the composer: fed by the Models API (the stand-in's GET /v1/models, with
// display names and limits), remembered per conversation, and used by the next request.
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';

describe.skipIf(skipWhen('no-browser'))('the model picker', () => {
  const win = sharedChatWindow();

  it('lists the Models API’s models with their limits and sends the next turn to the one picked', async () => {
    const { page } = win().app;
    win().api.push(reply(text('Hello from the default model.')));
    await ask(page, 'Hi');
    await page.getByText('Hello from the default model.').waitFor({ timeout: 30_000 });
    const picker = page.getByLabel('Model for this conversation');
    await expect
      .poll(() => picker.locator('option').allTextContents(), { timeout: 15_000 })
      .toContain('Claude Haiku 4.5 · 200K context · 64K out');
    await picker.selectOption('claude-haiku-4-5');
    await expect.poll(() => picker.inputValue(), { timeout: 10_000 }).toBe('claude-haiku-4-5');
    await win().app.screenshot('model-picker');
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
    const picker = page.getByLabel('Model for this conversation');
    await picker.selectOption('claude-haiku-4-5');
    await expect.poll(() => page.getByLabel('Effort').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByLabel('Thinking').count()).toBe(0);
    await picker.selectOption('claude-opus-4-7');
    await page.getByLabel('Thinking').selectOption('adaptive');
    await page.getByLabel('Effort').selectOption('xhigh');
    await expect
      .poll(() => page.getByLabel('Effort').inputValue(), { timeout: 10_000 })
      .toBe('xhigh');
    await win().app.screenshot('thinking-controls');
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
