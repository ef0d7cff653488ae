// Security (issue 12, item 4) as the user sees it: a server's schema pattern that would backtrack
// for minutes does not freeze the window; the allowed call runs and its card says the arguments
// could not be validated, and the output check that could not finish says so too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startMessagesApiServer, text, toolUse, type MessagesApiServer } from '../fixtures/messages-api';
import { chromiumPath } from './harness';
import { openWindow, type WindowSession } from './helpers/session';

const SLOW = resolve(__dirname, '../fixtures/mcp/slow-pattern-server.mjs');

describe.skipIf(chromiumPath() === null && !process.env.CI)('a server schema with a catastrophic pattern', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-slow-pattern-'));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [SLOW] } } }));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { allow: ['mcp__slow'], ask: [], deny: [] } }));
    api = await startMessagesApiServer();
    app = await openWindow({ home, env: { PATH: process.env.PATH, HOME: home, ANTHROPIC_API_KEY: 'sk-ant-e2e-slow', ANTHROPIC_BASE_URL: api.url } });
  });
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('runs the call, marks the card "could not validate", and the window keeps working', async () => {
    const { page } = app;
    await page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
    api.push(reply(toolUse('mcp__slow__alternation', { s: `${'a'.repeat(34)}!` }, 'toolu_alt'), toolUse('mcp__slow__report', {}, 'toolu_rep')), reply(text('Both ran.')));
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Check the code');
    await composer.press('Enter');
    // Typing the next message works while the checks run.
    await composer.fill('next question');
    await page.getByText('Both ran.').waitFor({ timeout: 30_000 });
    expect(await composer.inputValue()).toBe('next question');
    const notes = await page.getByTestId('tool-note').allTextContents();
    expect(notes).toEqual([
      expect.stringMatching(/^Could not validate the arguments: validation did not finish within 250 ms/),
      expect.stringMatching(/^Could not validate the output: the result of "report" could not be checked/),
    ]);
    await app.screenshot('slow-pattern-cards');
  });
});
