// Smaller fixes from issue 15, as the user sees them: a denied card says what happened in plain
// words, a done tool card shows a chevron, search lists each conversation once with its date, and
// an empty new conversation is not kept.
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { armedQuestion } from './helpers/questions';

describe.skipIf(skipWhen('no-browser'))('window fixes', () => {
  const win = sharedChatWindow();

  it('a denied card says who denied it and why, in plain words; a done card has a chevron', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__every__echo', { message: 'zebra crossing' })),
      reply(text('Fine, no echo. Zebra noted.')),
    );
    await ask(page, 'Echo about a zebra');
    const question = await armedQuestion(page);
    await question.getByRole('button', { name: 'Deny with reason ▾' }).click();
    await question.getByLabel('Reason for denying (sent to Claude)').fill('not now');
    await question.getByRole('button', { name: /^Deny Esc/ }).click();
    await page.getByText('Fine, no echo. Zebra noted.').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('tool-card').last();
    expect(await card.textContent()).toContain(
      'You denied it (“not now”): the tool did not run, and Claude was told why.',
    );
    expect(await card.textContent()).not.toContain('asked:');

    win().api.push(
      reply(toolUse('mcp__every__get-sum', { a: 1, b: 2 })),
      reply(text('The sum is 3.')),
    );
    await ask(page, 'Add one and two');
    await (await armedQuestion(page)).getByRole('button', { name: /^Allow once/ }).click();
    await page.getByText('The sum is 3.').waitFor({ timeout: 30_000 });
    const done = page.getByTestId('tool-card').last();
    await expect.poll(() => done.getAttribute('data-status')).toBe('done');
    expect(await done.locator('.tool-chevron').textContent()).toBe('▸');
    await win().app.screenshot('fixes-cards');
  });

  it('search shows each conversation once, with its date and how many more messages matched', async () => {
    const { page } = win().app;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('zebra');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect.poll(() => results.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    const row = await results.getByRole('listitem').textContent();
    expect(row).toContain('Echo about a zebra');
    expect(row).toContain(new Date().toLocaleDateString('en-US'));
    expect(row).toMatch(/and \d+ more match/);
    await win().app.screenshot('fixes-search');
    await page.keyboard.press('Escape');
  });

  it('an empty "New conversation" is not kept when the user leaves it', async () => {
    const { page } = win().app;
    const empty = page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'New conversation', exact: true });
    await page.keyboard.press('Control+n');
    await expect.poll(() => empty.count()).toBe(1);
    await page.keyboard.press('Control+n');
    await page.keyboard.press('Control+n');
    await expect.poll(() => empty.count()).toBe(1);
    await page.getByRole('button', { name: 'Add one and two', exact: true }).click();
    await expect.poll(() => empty.count()).toBe(0);
    // Gone from core too, not only from the list.
    const listed = (await win().app.host.dispatch('conversations:list', undefined, {
      senderUrl: 'test',
    })) as { value: { title: string }[] };
    expect(listed.value.filter((c) => c.title === 'New conversation')).toEqual([]);
  });
});
