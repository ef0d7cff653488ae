// Argument rules in the window (RELIABILITY security 40), with the real server-filesystem: an
// allow rule on notes/** lets a write inside run and its card names the rule; a write to
// notes/../x asks, and the question says the rule does not match these arguments.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { skipWhen } from '../skip-reasons';
import { armedQuestion, denyQuestion } from './helpers/questions';
import { openServerWindow, type ServerWindow } from './helpers/server-window';
import { screenshotSizes } from './helpers/sizes';

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
    // An allow rule on a path is offered from the question only for a trusted server.
    expect(await question.getByRole('button', { name: 'Always allow when…' }).count()).toBe(0);
    await denyQuestion(page);
    await page.getByText('Stopped.').waitFor({ timeout: 30_000 });
    expect(existsSync(join(work, 'x.md'))).toBe(false);
  });

  it('for a trusted server the question offers "always allow when", previewed, stored as a rule', async () => {
    const { app, api } = w;
    const { page, host } = app;
    const dispatch = (channel: string, args: unknown) =>
      host.dispatch(channel, args, { senderUrl: 'test' }) as Promise<{ ok: boolean }>;
    expect((await dispatch('servers:set-trusted', { name: 'fs', trusted: true })).ok).toBe(true);
    mkdirSync(join(work, 'drafts'));
    const composer = page.getByRole('textbox', { name: 'Message' });
    api.push(
      reply(
        toolUse('mcp__fs__write_file', { path: `${work}/drafts/a.md`, content: 'one' }, 'toolu_d1'),
      ),
      reply(text('Drafted.')),
    );
    await composer.fill('Write a draft');
    await composer.press('Enter');
    const question = await armedQuestion(page);
    await app.screenshot('arg-rules-always-when-offered');
    await question.getByRole('button', { name: 'Always allow when…' }).click();
    const editor = question.getByTestId('when-rule');
    const input = editor.getByRole('textbox');
    const rule = `mcp__fs__write_file(path:${work}/drafts/**)`;
    expect(await input.inputValue()).toBe(rule);
    const preview = editor.getByTestId('when-rule-preview');
    await expect.poll(() => preview.textContent()).toBe('This call: allowed');
    expect(await editor.textContent()).toContain('Only a sandbox contains a hostile server.');
    await screenshotSizes(app, 'arg-rules-always-when');

    await input.fill(`mcp__fs__write_file(path:${work}/other/**)`);
    await expect.poll(() => preview.textContent()).toMatch(/^This call: asked/);
    expect(await editor.getByRole('button', { name: 'Save rule and allow' }).isDisabled()).toBe(
      true,
    );
    await input.fill(`mcp__fs__write_file(path:${work}/a,b)`);
    await expect.poll(() => preview.textContent()).toMatch(/column/);
    await input.fill(rule);
    await expect.poll(() => preview.textContent()).toBe('This call: allowed');
    await editor.getByRole('button', { name: 'Save rule and allow' }).click();
    await page.getByText('Drafted.').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(work, 'drafts', 'a.md'), 'utf8')).toBe('one');

    // The stored rule lets the next draft run without a question, and its card names the rule.
    api.push(
      reply(
        toolUse('mcp__fs__write_file', { path: `${work}/drafts/b.md`, content: 'two' }, 'toolu_d2'),
      ),
      reply(text('Drafted again.')),
    );
    await composer.fill('Another draft');
    await composer.press('Enter');
    await page.getByText('Drafted again.').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(work, 'drafts', 'b.md'), 'utf8')).toBe('two');
    await page.getByTestId('tool-card').last().getByRole('button').first().click();
    expect(await page.getByTestId('tool-allowed-by').last().textContent()).toBe(
      `Allowed by your rule “${rule}”.`,
    );
  });

  it('settings list each rule in words and test a pasted call against them', async () => {
    const { app } = w;
    const { page } = app;
    // Claude Code's own permissions: suggested in settings, applied only when accepted.
    mkdirSync(join(w.home, '.claude'));
    writeFileSync(
      join(w.home, '.claude', 'settings.json'),
      JSON.stringify({
        permissions: {
          allow: ['Bash(npm test)', `mcp__fs__write_file(path:${work}/a,b)`],
          deny: ['mcp__fs__move_file'],
        },
      }),
    );
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.locator('section[aria-labelledby="rules-heading"]');
    await section.getByTestId('rule-row').first().waitFor({ timeout: 30_000 });
    expect(await section.getByTestId('rule-limits').textContent()).toContain(
      'they are not isolation',
    );
    expect(await section.getByTestId('rule-matches').allTextContents()).toEqual([
      `write_file (fs) when path matches ${work}/notes/**`,
      `write_file (fs) when path matches ${work}/drafts/**`,
    ]);
    const suggested = section.getByTestId('claude-suggestion');
    expect(await suggested.count()).toBe(2);
    expect(await section.getByTestId('claude-suggestion-error').textContent()).toContain(
      `write it as mcp__fs__write_file(path:"${work}/a,b")`,
    );
    const tester = section.getByTestId('rule-tester');
    await tester.getByLabel('Tool').fill('mcp__fs__write_file');
    const args = tester.getByLabel('Arguments (JSON)');
    const result = tester.getByTestId('rule-tester-result');
    await args.fill(JSON.stringify({ path: `${work}/drafts/c.md`, content: 'x' }));
    await tester.getByRole('button', { name: 'Test' }).click();
    await expect
      .poll(() => result.textContent())
      .toBe(
        `This call would be allowed. Your rule “mcp__fs__write_file(path:${work}/drafts/**)” allows it.`,
      );
    await args.fill(JSON.stringify({ path: `${work}/drafts/../x.md`, content: 'x' }));
    await tester.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => result.textContent()).toMatch(/^This call would be asked\. /);
    expect(await result.textContent()).toContain('does not match these arguments');
    await screenshotSizes(app, 'arg-rules-settings', async () => {
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    });
    await suggested
      .filter({ hasText: 'mcp__fs__move_file' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => section.getByTestId('rule-matches').count()).toBe(3);
    expect(await section.getByTestId('rule-matches').allTextContents()).toContain(
      'every call of move_file (fs)',
    );
    expect(await suggested.count()).toBe(1);
    await args.fill('{"path": ');
    await tester.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => result.textContent()).toMatch(/^The arguments are not JSON/);
  });
});
