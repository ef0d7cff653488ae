// MCP Apps in the conversation (issue 23), with the real example App server from npm
// (@modelcontextprotocol/server-basic-vanillajs): its get-time view renders in the tool's card
// with the call's input and result, its button calls the server through the permission dialog
// (which says the call comes from the view), its message reaches Claude only after Send, a theme
// change reaches it, and it shows full width on demand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import {
  askInNewChat,
  basicAppServer,
  cardOf,
  liveView,
  openAppsWindow,
  type AppsWindow,
} from './helpers/apps';
import { allowOnce, answerQuestion, armedQuestion } from './helpers/questions';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;

describe.skipIf(skipWhen('no-browser'))('a tool’s view (MCP Apps) in the conversation', () => {
  let w: AppsWindow;
  const consoleLines: string[] = [];
  beforeAll(async () => {
    w = await openAppsWindow({ basic: basicAppServer() });
    w.app.page.on('console', (m) => consoleLines.push(m.text()));
    await w.app.page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await w?.dispose();
  });

  it('renders in the tool’s card with the call’s input and result', async () => {
    const { page } = w.app;
    w.api.push(
      reply(toolUse('mcp__basic__get-time', {}, 'toolu_time_1')),
      reply(text('Here is the time.')),
    );
    await askInNewChat(page, 'What time is it on the server?');
    await allowOnce(page);
    await page.getByText('Here is the time.').waitFor({ timeout: 30_000 });
    const card = cardOf(page, 'basic · Get Time');
    const { view } = await liveView(card);
    // The result the model got is the one the view shows (structuredContent.time).
    await expect
      .poll(() => view.locator('#server-time').textContent(), { timeout: 30_000 })
      .toMatch(ISO_TIME);
    const time = (await view.locator('#server-time').textContent()) ?? '';
    expect(JSON.stringify(w.api.messageRequests()[1].body.messages?.at(-1))).toContain(time);
    // The view was told the input (it logs what it receives).
    await expect
      .poll(() => consoleLines.some((l) => l.startsWith('Received tool call input:')))
      .toBe(true);
    // The proxy frame is on an origin of its own, never the app's.
    const proxyUrl = await card.getByTestId('app-view-frame').getAttribute('src');
    expect(new URL(proxyUrl ?? '').origin).not.toBe(new URL(w.app.url).origin);
    await w.app.screenshot('apps-basic-card-light');
  });

  it('its button calls the server through the permission dialog, which says it comes from the view', async () => {
    const { page } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    const before = (await view.locator('#server-time').textContent()) ?? '';
    await view.getByRole('button', { name: 'Get Server Time' }).click();
    const question = await armedQuestion(page);
    expect(await question.getByTestId('wire-name').textContent()).toContain('mcp__basic__get-time');
    expect(await question.getByTestId('permission-origin').textContent()).toContain(
      'comes from the tool’s view',
    );
    await w.app.screenshot('apps-view-permission');
    await allowOnce(page);
    await expect
      .poll(() => view.locator('#server-time').textContent(), { timeout: 30_000 })
      .not.toBe(before);
    expect((await view.locator('#server-time').textContent()) ?? '').toMatch(ISO_TIME);
  });

  it('its message reaches the conversation only after the user sends it', async () => {
    const { page } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    const requestsBefore = w.api.messageRequests().length;
    w.api.push(reply(text('Thanks for the message from the view.')));
    await view.locator('#message-text').fill('Hello Claude, this comes from the view.');
    await view.getByRole('button', { name: 'Send Message' }).click();
    const question = await armedQuestion(page);
    expect(await question.getByTestId('app-message-text').textContent()).toContain(
      'Hello Claude, this comes from the view.',
    );
    expect(await question.getByRole('heading').textContent()).toContain(
      'view of basic wants to send a message',
    );
    // The card says its view waits on the user; nothing went to Claude, and the conversation does not show it as sent.
    expect(await cardOf(page, 'basic · Get Time').getByTestId('app-view-waiting').count()).toBe(1);
    expect(w.api.messageRequests().length).toBe(requestsBefore);
    expect(
      await page
        .getByRole('listitem', { name: 'Your message' })
        .filter({ hasText: 'this comes from the view' })
        .count(),
    ).toBe(0);
    await w.app.screenshot('apps-view-message-question');
    await answerQuestion(page, /^Send$/);
    expect(await cardOf(page, 'basic · Get Time').getByTestId('app-view-waiting').count()).toBe(0);
    await page.getByText('Thanks for the message from the view.').waitFor({ timeout: 30_000 });
    const sent = w.api.messageRequests().at(-1)?.body.messages?.at(-1);
    expect(JSON.stringify(sent)).toContain('Hello Claude, this comes from the view.');
    // In the conversation the message is marked as the view's, not typed by the user.
    const row = page.getByRole('listitem', { name: 'Sent from the get-time view of basic' });
    expect(await row.getByTestId('view-message-origin').textContent()).toContain(
      'sent with your approval',
    );
    expect(await row.textContent()).toContain('Hello Claude, this comes from the view.');
    await w.app.screenshot('apps-view-message-sent');
  });

  it('a discarded message never reaches Claude', async () => {
    const { page } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    const requestsBefore = w.api.messageRequests().length;
    await view.locator('#message-text').fill('Please never send this.');
    await view.getByRole('button', { name: 'Send Message' }).click();
    await armedQuestion(page);
    await answerQuestion(page, /^Discard/);
    expect(w.api.messageRequests().length).toBe(requestsBefore);
    expect(await page.getByText('Please never send this.').count()).toBe(0);
  });

  it('its link opens only after the user confirms, in the link question', async () => {
    const { page } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    await view.getByRole('button', { name: 'Open Link' }).click();
    const question = await armedQuestion(page);
    expect(await question.getByRole('heading').textContent()).toBe(
      'Open a link to modelcontextprotocol.io?',
    );
    expect(await question.textContent()).toContain(
      'The get-time view of basic asks to open this link',
    );
    expect(await question.getByTestId('link-target').textContent()).toBe(
      'https://modelcontextprotocol.io/',
    );
    await w.app.screenshot('apps-view-link-question');
    await answerQuestion(page, /^Don’t open/);
    // Refused: the view is told so, and no window opened.
    await expect
      .poll(() => consoleLines.some((l) => l.startsWith('Open link request rejected')))
      .toBe(true);
    expect(w.app.context.pages()).toHaveLength(1);
  });

  it('a theme change reaches the live view, with Lena’s colours', async () => {
    const { page } = w.app;
    const { view } = await liveView(cardOf(page, 'basic · Get Time'));
    const html = view.locator('html');
    expect(await html.getAttribute('data-theme')).toBe('light');
    // The time the button fetched: a view started again would show the stored result instead.
    const fetched = await view.locator('#server-time').textContent();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => html.getAttribute('data-theme'), { timeout: 30_000 }).toBe('dark');
    expect(
      await html.evaluate((el) =>
        getComputedStyle(el).getPropertyValue('--color-background-primary').trim(),
      ),
    ).toBe('#1e1f22');
    expect(await view.locator('#server-time').textContent()).toBe(fetched);
    await w.app.screenshot('apps-basic-card-dark');
  });

  it('shows full width on demand, and back in the card', async () => {
    const { page } = w.app;
    const card = cardOf(page, 'basic · Get Time');
    const { box, view } = await liveView(card);
    const narrow = (await box.boundingBox())?.width ?? 0;
    await card.getByRole('button', { name: 'Full width' }).click();
    // The card widens to the pane (1200 px window: 892 px, from the 860 px column), the view with it.
    await expect
      .poll(async () => (await box.boundingBox())?.width ?? 0)
      .toBeGreaterThan(narrow + 24);
    // The view is told its new mode and room.
    await w.app.screenshot('apps-basic-full-width-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => view.locator('html').getAttribute('data-theme'), { timeout: 30_000 })
      .toBe('light');
    await w.app.screenshot('apps-basic-full-width-light');
    await card.getByRole('button', { name: 'Back to the card' }).click();
    await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeLessThan(narrow + 2);
  });
});
