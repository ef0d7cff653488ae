// Security (issue 12, item 4) as the user sees it: a server's schema pattern that would backtrack
// for minutes does not freeze the window; the allowed call runs and its card says the arguments
// could not be validated, and the output check that could not finish says so too.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const SLOW = resolve(__dirname, '../fixtures/mcp/slow-pattern-server.mjs');

describe.skipIf(skipWhen('no-browser'))('a server schema with a catastrophic pattern', () => {
  let w: ServerWindow;
  beforeAll(async () => {
    w = await openServerWindow({
      name: 'slow-pattern',
      servers: { slow: { command: process.execPath, args: [SLOW] } },
      settings: { permissions: { allow: ['mcp__slow'], ask: [], deny: [] } },
    });
  });
  afterAll(() => w?.dispose());

  it('runs the call, marks the card "could not validate", and the window keeps working', async () => {
    const { app, api } = w;
    const { page } = app;
    await page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
    api.push(
      reply(
        toolUse('mcp__slow__alternation', { s: `${'a'.repeat(34)}!` }, 'toolu_alt'),
        toolUse('mcp__slow__report', {}, 'toolu_rep'),
      ),
      reply(text('Both ran.')),
    );
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Check the code');
    await composer.press('Enter');
    // Typing the next message works while the checks run.
    await composer.fill('next question');
    await page.getByText('Both ran.').waitFor({ timeout: 30_000 });
    expect(await composer.inputValue()).toBe('next question');
    const notes = await page.getByTestId('tool-note').allTextContents();
    expect(notes).toEqual([
      expect.stringMatching(
        /^Could not validate the arguments: validation did not finish within 250 ms/,
      ),
      expect.stringMatching(
        /^Could not validate the output: the result of "report" could not be checked/,
      ),
    ]);
    await app.screenshot('slow-pattern-cards');
  });
});
