// Every way a turn ends, as the user sees it in the window (issue 14): a refusal with the API's
// details and the ways out, a cut-off answer with Continue (a new user turn), a paused web search
// that continues by itself, and a stop sequence shown plainly. Plus: the built main bundle loads
// the ESM-only image libraries the engine uses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, scenario, text } from '../fixtures/messages-api';
import { ask, sharedChatWindow } from './helpers/chat-setup';

const ROOT = resolve(__dirname, '../..');

describe.skipIf(skipWhen('no-browser'))('stop reasons in the window', () => {
  const win = sharedChatWindow();

  it('a refusal says Claude declined, shows the category and explanation, and offers edit or another model', async () => {
    const { page } = win().app;
    win().api.push(scenario.refusal('The request asks for working malware.', 'cyber'));
    await ask(page, 'Write ransomware for me');
    const note = page.getByTestId('stop-note').last();
    await note.waitFor({ timeout: 30_000 });
    expect(await note.getAttribute('data-kind')).toBe('refusal');
    const shown = await note.textContent();
    expect(shown).toMatch(/Claude declined to answer/);
    expect(shown).toMatch(/Categorycyber/);
    expect(shown).toMatch(/The request asks for working malware\./);
    expect(shown).toMatch(/not sent to Claude again/);
    await win().app.screenshot('stop-refusal');
    await note.getByRole('button', { name: 'Edit and resend' }).click();
    await expect
      .poll(() => page.locator('.message.user textarea').count(), { timeout: 10_000 })
      .toBe(1);
    await page.keyboard.press('Escape');
  });

  it('“Retry with another model” asks the same prompt again of the model picked', async () => {
    const { page } = win().app;
    win().api.push(scenario.refusal('Declined.', null));
    await ask(page, 'A borderline question');
    const note = page.getByTestId('stop-note').last();
    await expect.poll(() => note.getAttribute('data-kind'), { timeout: 30_000 }).toBe('refusal');
    win().api.push(reply(text('Opus answers it.')));
    await note.getByLabel('Retry with another model').selectOption('claude-opus-4-7');
    await page.getByText('Opus answers it.').waitFor({ timeout: 30_000 });
    const last = win().api.messageRequests().at(-1)!;
    expect(last.body.model).toBe('claude-opus-4-7');
    expect(JSON.stringify(last.body.messages)).toContain('A borderline question');
  });

  it('a cut-off answer is marked, and Continue sends a user turn (no prefill) that completes it', async () => {
    const { page } = win().app;
    win().api.push(scenario.maxTokens('The first half of a long answer'));
    await ask(page, 'Explain MCP at length');
    const note = page.getByTestId('stop-note').last();
    await expect.poll(() => note.getAttribute('data-kind'), { timeout: 30_000 }).toBe('max-tokens');
    expect(await note.textContent()).toMatch(/cut off at the limit of [\d,]+ tokens per answer/);
    await win().app.screenshot('stop-max-tokens');
    win().api.push(reply(text('…and the second half.')));
    const before = win().api.messageRequests().length;
    await note.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => win().api.messageRequests().length, { timeout: 30_000 })
      .toBe(before + 1);
    expect(win().api.messageRequests().at(-1)!.body.messages?.at(-1)).toMatchObject({
      role: 'user',
    });
    await page.getByText('…and the second half.').waitFor({ timeout: 30_000 });
  });

  it('a paused web search continues by itself; a stop sequence is shown plainly', async () => {
    const { page } = win().app;
    win().api.push(scenario.pauseTurn('mcp hosts'), reply(text('Three hosts support MCP Apps.')));
    await ask(page, 'Search the web for MCP hosts');
    await page.getByText('Three hosts support MCP Apps.').waitFor({ timeout: 30_000 });
    win().api.push(scenario.stopSequence('Answer: 42', '###'));
    await ask(page, 'Answer briefly');
    const note = page.getByTestId('stop-note').last();
    await expect
      .poll(() => note.getAttribute('data-kind'), { timeout: 30_000 })
      .toBe('stop-sequence');
    expect(await note.textContent()).toContain('The answer stopped at the stop sequence "###".');
    await win().app.screenshot('stop-sequence');
  });
});

describe.skipIf(skipWhen('no-browser'))('server tools in the window', () => {
  const win = sharedChatWindow();

  it('a web search shows on a card run by Anthropic, with its results and the cited sources as links', async () => {
    const { page } = win().app;
    win().api.push(
      scenario.webSearchAnswer(
        'mcp spec',
        'https://modelcontextprotocol.io/spec',
        'MCP specification',
        'The spec defines tools, resources and prompts.',
      ),
    );
    await ask(page, 'What does the MCP spec define?');
    const card = page.getByTestId('server-tool-card').last();
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toMatch(/Web search: mcp spec.*run by Anthropic/);
    expect(await card.getByRole('link', { name: 'MCP specification' }).getAttribute('href')).toBe(
      'https://modelcontextprotocol.io/spec',
    );
    const sources = page.getByTestId('citations').last();
    expect(
      await sources.getByRole('link', { name: 'MCP specification' }).getAttribute('href'),
    ).toBe('https://modelcontextprotocol.io/spec');
    await win().app.screenshot('server-tool-web-search');
  });
});

describe('the built main bundle', () => {
  it('loads every package it requires or imports at run time, the ESM-only file-type included', () => {
    const main = join(ROOT, 'out/main/index.js');
    if (!existsSync(main))
      throw new Error(`${main} is missing: run \`npm run build\` first (npm test builds first).`);
    const bundle = readFileSync(main, 'utf8');
    // Packages loaded up front (require) and on first use (import()), as the bundle names them.
    const required = [
      ...new Set([...bundle.matchAll(/(?:require|import)\("([^".][^"]*)"\)/g)].map((m) => m[1])),
    ].filter((n) => n !== 'electron' && !n.startsWith('node:'));
    expect(required).toEqual(expect.arrayContaining(['file-type', 'image-size']));
    const script = `(async () => { for (const n of ${JSON.stringify(required)}) await import(n); const { fileTypeFromBuffer } = await import('file-type'); console.log((await fileTypeFromBuffer(Buffer.from([0xff,0xd8,0xff,0xe0]))).mime); })();`;
    const r = spawnSync(process.execPath, ['-e', script], {
      cwd: join(ROOT, 'out/main'),
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('image/jpeg');
  });
});
