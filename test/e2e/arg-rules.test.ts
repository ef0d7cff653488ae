// Argument rules in the window (RELIABILITY security 40), with the real server-filesystem: an
// allow rule on notes/** lets a write inside run and its card names the rule; a write to
// notes/../x asks, and the question says the rule does not match these arguments.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { skipWhen } from '../skip-reasons';
import { armedQuestion, denyQuestion } from './helpers/questions';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const FS = resolve(
  __dirname,
  '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

describe.skipIf(skipWhen('no-browser'))('argument rules in the window', () => {
  let w: ServerWindow;
  let work: string;
  let rule: string;
  beforeAll(async () => {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'lena-e2e-arg-rules-')));
    mkdirSync(join(work, 'notes'));
    rule = `mcp__fs__write_file(path:${work}/notes/**)`;
    w = await openServerWindow({
      name: 'arg-rules',
      servers: { fs: { command: process.execPath, args: [FS, work] } },
      settings: { permissions: { allow: [rule], ask: [], deny: [] } },
    });
  });
  afterAll(async () => {
    await w?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('runs a write inside notes naming the rule; a write out of notes asks, saying why', async () => {
    const { app, api } = w;
    const { page } = app;
    await page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
    const composer = page.getByRole('textbox', { name: 'Message' });
    api.push(
      reply(
        toolUse('mcp__fs__write_file', { path: `${work}/notes/a.md`, content: 'in' }, 'toolu_in'),
      ),
      reply(text('Wrote it.')),
    );
    await composer.fill('Write a note');
    await composer.press('Enter');
    await page.getByText('Wrote it.').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(work, 'notes', 'a.md'), 'utf8')).toBe('in');
    await page.getByTestId('tool-card').first().getByRole('button').first().click();
    expect(await page.getByTestId('tool-allowed-by').textContent()).toBe(
      `Allowed by your rule “${rule}”.`,
    );

    api.push(
      reply(
        toolUse(
          'mcp__fs__write_file',
          { path: `${work}/notes/../x.md`, content: 'out' },
          'toolu_out',
        ),
      ),
      reply(text('Stopped.')),
    );
    await composer.fill('Write outside');
    await composer.press('Enter');
    const question = await armedQuestion(page);
    expect(await question.textContent()).toContain(
      `rule allow ${rule} (user) does not match these arguments`,
    );
    await app.screenshot('arg-rules-question');
    await denyQuestion(page);
    await page.getByText('Stopped.').waitFor({ timeout: 30_000 });
    expect(existsSync(join(work, 'x.md'))).toBe(false);
  });
});
