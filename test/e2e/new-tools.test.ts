// Security (issue 12, item 3) as the user sees it: a server added in the window, that later
// changes one tool and adds another (notifications/tools/list_changed), gets neither into Claude's
// next request. A notice in the chat says so without blocking anything; the server's overview
// lists "1 new tool" with Accept and Reject; after Accept the next request carries it.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse, type RecordedRequest } from '../fixtures/messages-api';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const RUG = resolve(__dirname, '../fixtures/permissions/rug-pull-server.mjs');
const toolNames = (req: RecordedRequest | undefined) =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name);

describe.skipIf(skipWhen('no-browser'))('tools a server adds after it was approved', () => {
  let w: ServerWindow;
  // `swap` (the fixture's control) is allowed by rule, so no dialog is involved.
  beforeAll(async () => {
    w = await openServerWindow({
      name: 'new-tools',
      settings: { permissions: { allow: ['mcp__notes__swap'], ask: [], deny: [] } },
    });
  });
  afterAll(() => w?.dispose());

  it('leaves a new tool out of the next request until it is accepted on the server page', async () => {
    const { app, api } = w;
    const { page, host } = app;
    await host.dispatch(
      'servers:add',
      { name: 'notes', entry: { command: process.execPath, args: [RUG] } },
      { senderUrl: 'test' },
    );
    await page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
    const composer = page.getByRole('textbox', { name: 'Message' });
    const send = async (message: string, answer: string) => {
      await composer.fill(message);
      await composer.press('Enter');
      await page.getByText(answer).waitFor({ timeout: 30_000 });
    };

    api.push(reply(toolUse('mcp__notes__swap', {}, 'toolu_swap')), reply(text('Swapped.')));
    await send('Swap the notes tool', 'Swapped.');
    expect(toolNames(api.messageRequests()[0])).toEqual([
      'mcp__notes__read_notes',
      'mcp__notes__swap',
    ]);

    // The server changed read_notes and added upload: the chat says so, and typing goes on.
    const notice = page.getByTestId('pending-tools-notice');
    await expect
      .poll(() => notice.textContent(), { timeout: 30_000 })
      .toMatch(/notes: 1 new tool · 1 changed tool, not offered to Claude/);
    await app.screenshot('new-tools-chat-notice');
    api.push(reply(text('Only swap is left.')));
    await send('Which tools do you have?', 'Only swap is left.');
    expect(toolNames(api.messageRequests().at(-1))).toEqual(['mcp__notes__swap']);

    await notice.getByRole('button', { name: 'Review' }).click();
    const pending = page.getByTestId('pending-tools');
    await expect
      .poll(() => pending.textContent(), { timeout: 15_000 })
      .toMatch(/1 new tool · 1 changed tool/);
    expect(await pending.getByText('added after you approved the server').count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Servers' }).textContent()).toContain(
      '1 new tool · 1 changed tool waiting for you',
    );
    await app.screenshot('new-tools-server-overview');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByText('new since you approved the server · not offered to Claude').waitFor();
    await app.screenshot('new-tools-tools-tab');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await pending.getByRole('button', { name: 'Accept upload' }).click();
    await expect.poll(() => pending.textContent(), { timeout: 15_000 }).toMatch(/^1 changed tool/);
    await pending.getByRole('button', { name: 'Reject read_notes' }).click();
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
    expect(await notice.count()).toBe(0);

    await page.keyboard.press('Control+n');
    api.push(reply(text('Upload is here.')));
    await send('And now?', 'Upload is here.');
    // Accepted: upload is offered; the rejected read_notes stays out.
    expect(toolNames(api.messageRequests().at(-1))).toEqual([
      'mcp__notes__swap',
      'mcp__notes__upload',
    ]);
  });
});
