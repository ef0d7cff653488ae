// The context and cost meter beside the composer bar, fed by the stand-in Messages API's usage
// (cache reads and writes included) and priced with Lena's table; "price unknown" for a model the
// table does not know until the user gives it a price in Settings; at 80 % of the context window,
// a warning that starts a new conversation from a summary.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { closeModelPopover, pickModel } from './helpers/composer';
import { screenshotSizes } from './helpers/sizes';

const meterText = (page: Page, part: string) =>
  page.getByTestId(`meter-${part}`).textContent({ timeout: 15_000 });

/** Serious or critical axe findings inside `selector`, in light and dark. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const r = await new AxeBuilder({ page })
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    for (const v of r.violations)
      found.push(`${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Usage with the cache fields set, so the stand-in's own cache accounting does not fill them in. */
const NO_CACHE = {
  input_tokens: 1000,
  output_tokens: 200,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

async function send(page: Page, message: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(message);
  await box.press('Enter');
}

describe.skipIf(skipWhen('no-browser'))('the context and cost meter', () => {
  const win = sharedChatWindow();

  it('shows the stand-in’s tokens, the share of the window and the cost from the table', async () => {
    const { page } = win().app;
    // Claude Sonnet 4.6: $3 input, $15 output, $3.75 cache write, $0.30 cache read; 1M context.
    win().api.push(
      reply(text('First answer.'), {
        usage: {
          input_tokens: 2000,
          output_tokens: 1000,
          cache_creation_input_tokens: 20_000,
          cache_read_input_tokens: 100_000,
        },
      }),
    );
    await ask(page, 'Hi');
    await page.getByText('First answer.').waitFor({ timeout: 30_000 });
    await expect.poll(() => meterText(page, 'context'), { timeout: 15_000 }).toBe('12 % of 1M');
    expect(await meterText(page, 'cost')).toBe('$0.126');
    expect(await meterText(page, 'saved')).toBe('cache saved $0.255');
    const meter = page.getByTestId('context-meter');
    expect(await meter.getAttribute('title')).toContain(
      'Context window: 122,000 of 1,000,000 tokens (12 %)',
    );

    win().api.push(
      reply(text('Second answer.'), {
        usage: {
          input_tokens: 1000,
          output_tokens: 400,
          cache_creation_input_tokens: 4000,
          cache_read_input_tokens: 121_000,
        },
      }),
    );
    await send(page, 'And again');
    await page.getByText('Second answer.').waitFor({ timeout: 30_000 });
    await expect.poll(() => meterText(page, 'context'), { timeout: 15_000 }).toBe('13 % of 1M');
    expect(await meterText(page, 'cost')).toBe('$0.186 · last $0.060');
    expect(await meterText(page, 'saved')).toBe('cache saved $0.579');
    // Text, not a stop: the bar keeps its four.
    expect(
      await page
        .locator('.composer-bar [data-testid="context-meter"] :is(button, [tabindex])')
        .count(),
    ).toBe(0);
    expect(await axeFindings(page, '.composer-bar')).toEqual([]);
    await screenshotSizes(win().app, 'meter');
  });

  it('says "price unknown" for a model without a price, until Settings gives it one', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+n');
    await pickModel(page, 'Claude Opus 4.7');
    await closeModelPopover(page);
    win().api.push(reply(text('Opus answers.'), { usage: NO_CACHE }));
    await send(page, 'Hello Opus');
    await page.getByText('Opus answers.').waitFor({ timeout: 30_000 });
    await expect.poll(() => meterText(page, 'cost'), { timeout: 15_000 }).toBe('price unknown');

    await page.keyboard.press('Control+,');
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.waitFor();
    expect(await prices.getByTestId('price-claude-sonnet-4-6').textContent()).toContain('3.75');
    const form = prices.getByRole('form', { name: 'Your price for a model' });
    await form.getByLabel('Model id').fill('claude-opus-4-7');
    await form.getByLabel('Input', { exact: true }).fill('five');
    await form.getByRole('button', { name: 'Save price' }).click();
    expect(await prices.getByTestId('price-problems').textContent()).toContain(
      'Input: write a number of USD per million tokens',
    );
    await form.getByLabel('Input', { exact: true }).fill('5');
    await form.getByLabel('Output', { exact: true }).fill('25');
    await form.getByLabel('Cache write', { exact: true }).fill('6.25');
    await form.getByLabel('Cache read', { exact: true }).fill('0.5');
    await form.getByRole('button', { name: 'Save price' }).click();
    await expect
      .poll(() => prices.getByTestId('price-claude-opus-4-7').textContent(), { timeout: 10_000 })
      .toContain('yours');
    expect(await prices.getByTestId('price-problems').count()).toBe(0);
    await prices.scrollIntoViewIfNeeded();
    expect(await axeFindings(page, '.prices-table, .prices-form')).toEqual([]);
    await screenshotSizes(win().app, 'meter-prices');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).click();
    await page.keyboard.press('Escape');

    win().api.push(reply(text('Opus priced.'), { usage: NO_CACHE }));
    await send(page, 'Again, priced');
    await page.getByText('Opus priced.').waitFor({ timeout: 30_000 });
    // The first turn had no price: the total is a lower bound, the last turn is priced.
    await expect
      .poll(() => meterText(page, 'cost'), { timeout: 15_000 })
      .toBe('≥$0.010 · last $0.010');
  });

  it('warns at 80 % of the context window and continues from a summary', async () => {
    const { page } = win().app;
    win().api.push(
      reply(text('A long answer.'), {
        usage: {
          input_tokens: 5000,
          output_tokens: 100,
          cache_creation_input_tokens: 45_000,
          cache_read_input_tokens: 800_000,
        },
      }),
    );
    await ask(page, 'A long one');
    await page.getByText('A long answer.').waitFor({ timeout: 30_000 });
    const warning = page.getByTestId('context-warning');
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.textContent()).toContain('85 % full (850,000 of 1,000,000 tokens)');
    expect(await meterText(page, 'context')).toBe('85 % of 1M');
    expect(await axeFindings(page, '.context-warning')).toEqual([]);
    await screenshotSizes(win().app, 'meter-warning');

    win().api.push(reply(text('Summary: the user asked for a long answer.')));
    await warning.getByRole('button', { name: 'New conversation with summary' }).click();
    await expect
      .poll(() => page.getByRole('listitem', { name: 'Your message' }).first().textContent(), {
        timeout: 30_000,
      })
      .toContain('Summary: the user asked for a long answer.');
    expect(await page.getByTestId('context-warning').count()).toBe(0);
  });
});
