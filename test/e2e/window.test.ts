// The window on a fresh Lena home against the real core: first-run states (no key, no servers),
// inline errors with their action, settings and servers pages, the composer's local features,
// keyboard shortcuts and themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('the window, first run', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('opens on the chat with the first-run key card and the composer', async () => {
    const { page } = app;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Start a conversation' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Connect Lena to Claude' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('console.anthropic.com').first().isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    await app.screenshot('window-first-run');
    expect(app.pageErrors).toEqual([]);
  });

  it('shows the servers page with suggestions, each with its exact command', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'MCP servers' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No servers yet.').isVisible()).toBe(true);
    expect(await page.getByLabel('Command for memory').textContent()).toBe(
      'npx -y @modelcontextprotocol/server-memory',
    );
    await page.getByLabel('Folder for the filesystem server').fill('/home/me/My Notes');
    expect(await page.getByLabel('Command for filesystem').textContent()).toBe(
      "npx -y @modelcontextprotocol/server-filesystem '/home/me/My Notes'",
    );
    await app.screenshot('window-servers');
  });

  it('opens settings with Ctrl+, and shows the About versions', async () => {
    const { page } = app;
    await page.keyboard.press('Control+,');
    await expect
      .poll(() => page.getByTestId('version-node').textContent())
      .toBe(process.versions.node);
    await app.screenshot('window-settings');
  });

  it('validates the settings form as it is typed and saves only valid values', async () => {
    const { page } = app;
    const maxTokens = page.getByLabel('Max tokens');
    await maxTokens.fill('0');
    await expect
      .poll(() => page.getByText('A whole number from 1 to 200000.').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Base URL').fill('not a url');
    expect(await page.getByText(/is not a URL; use https/).isVisible()).toBe(true);
    await page.getByLabel('Base URL').fill('');
    await maxTokens.fill('4096');
    await page.getByLabel('System prompt').fill('Answer briefly.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Max tokens').inputValue(), { timeout: 10_000 })
      .toBe('4096');
    expect(await page.getByLabel('System prompt').inputValue()).toBe('Answer briefly.');
    await app.screenshot('window-settings-saved');
  });

  it('opens a project folder from the title bar', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /No project folder/ }).click();
    await page.getByLabel('Folder to open').fill(app.home);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `Project: ${app.home} ▾` }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: `Project: ${app.home} ▾` }).click();
    await page.getByRole('button', { name: 'Close the project' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /No project folder/ }).count())
      .toBe(1);
  });

  it('switches to the dark theme from settings', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(30, 31, 34)');
    await app.screenshot('window-settings-dark');
    await page.getByRole('radio', { name: 'Follow the system' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  });

  it('sending without an API key says so inline, with "Open settings"', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    await expect.poll(() => page.getByText('No Anthropic API key is set').isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: 'Your message' }).textContent()).toContain(
      'Hello there',
    );
    await app.screenshot('window-no-key');
    await page.getByRole('button', { name: 'Open settings' }).click();
    await expect
      .poll(() => page.getByTestId('api-key-state').textContent())
      .toMatch(/No key is set/);
    await page.getByRole('button', { name: 'Hello there', exact: true }).click();
  });

  it('runs /mcp in the composer as a local card', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/mcp');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('system-card').count()).toBeGreaterThan(0);
    await app.screenshot('window-mcp-card');
  });

  it('focuses search with Ctrl+K and toggles the sidebar with Ctrl+B', async () => {
    const { page } = app;
    await page.keyboard.press('Control+b');
    expect(await page.getByRole('navigation', { name: 'Conversations' }).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('conversation-search');
    await page.keyboard.type('nothing-like-this');
    await expect
      .poll(() => page.getByText('No messages match “nothing-like-this”.').isVisible())
      .toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Hello');
    await expect
      .poll(() => page.getByRole('list', { name: 'Search results' }).textContent())
      .toContain('Hello there');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('searchbox', { name: 'Search conversations' }).inputValue()).toBe(
      '',
    );
    // Ctrl+K brought the collapsed sidebar back to search in it.
    expect(await page.getByRole('navigation', { name: 'Conversations' }).count()).toBe(1);
  });

  it('completes /mcp commands with Tab', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/mcp rem');
    expect(
      await page.getByRole('listbox', { name: 'Prompts and commands' }).textContent(),
    ).toContain('/mcp remove');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/mcp remove ');
    await box.fill('/mcp re');
    await box.press('ArrowDown');
    expect(
      await page
        .getByRole('listbox', { name: 'Prompts and commands' })
        .getByRole('option', { selected: true })
        .locator('.slash-name')
        .textContent(),
    ).toBe('/mcp remove');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/mcp remove ');
    await box.fill('');
  });

  it('refuses an oversized text file with a clear message, before reading it', async () => {
    const { page } = app;
    await page.locator('.composer input[type=file]').setInputFiles([
      { name: 'huge.log', mimeType: 'text/plain', buffer: Buffer.alloc(2 * 1024 * 1024, 'a') },
      { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n') },
    ]);
    await expect.poll(() => page.getByText(/huge\.log.*at most 1 MB/).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Attachments' }).textContent()).toContain(
      'notes.md',
    );
    await page.getByRole('button', { name: 'Remove notes.md' }).click();
    expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
  });

  it('takes files by drag-and-drop and an image by paste', async () => {
    const { page } = app;
    await page.keyboard.press('Control+n');
    await page.evaluate(() => {
      const drop = new DataTransfer();
      drop.items.add(new File(['# Plan\n'], 'plan.md', { type: 'text/markdown' }));
      const form = document.querySelector('.composer')!;
      form.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: drop, bubbles: true, cancelable: true }),
      );
      form.dispatchEvent(
        new DragEvent('drop', { dataTransfer: drop, bubbles: true, cancelable: true }),
      );
      const paste = new DataTransfer();
      const png = Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        ),
        (c) => c.charCodeAt(0),
      );
      paste.items.add(new File([png], 'image.png', { type: 'image/png' }));
      document
        .querySelector('.composer textarea')!
        .dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: paste, bubbles: true, cancelable: true }),
        );
    });
    const list = page.getByRole('list', { name: 'Attachments' });
    await expect.poll(() => list.textContent()).toContain('plan.md');
    await expect.poll(() => list.textContent()).toContain('image.png');
    expect(await list.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    await app.screenshot('window-attachments');
    await page.getByRole('button', { name: 'Remove plan.md' }).click();
    await page.getByRole('button', { name: 'Remove image.png' }).click();
  });

  it('splits a pasted command line into command and arguments in the Add server form', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: '+ Add server' }).click();
    const command = page.getByLabel('Command', { exact: true });
    await command.focus();
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.setData(
        'text',
        `npx -y "@modelcontextprotocol/server-filesystem" '/home/me/My Documents'`,
      );
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
      );
    });
    expect(await command.inputValue()).toBe('npx');
    await page.getByLabel('Name').fill('my files');
    expect(await page.getByText(/The name "my files" is not allowed/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add server', exact: true }).isDisabled()).toBe(
      true,
    );
    await page.getByLabel('Name').fill('');
    expect(await page.getByLabel('Argument 2', { exact: true }).inputValue()).toBe(
      '@modelcontextprotocol/server-filesystem',
    );
    expect(await page.getByLabel('Argument 3', { exact: true }).inputValue()).toBe(
      '/home/me/My Documents',
    );
    await app.screenshot('window-add-server');
    await command.fill('/nonexistent/lena-no-such-command');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => page.getByText('The test connection failed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await page.locator('.error-note').last().textContent()).toMatch(/lena-no-such-command/);
    await app.screenshot('window-test-connection-failed');
  });

  it('recognises a pasted Claude Desktop snippet and reports what it could not import', async () => {
    const { page } = app;
    await page.getByLabel('Name').focus();
    await page.evaluate(
      (snippet) => {
        const dt = new DataTransfer();
        dt.setData('text', snippet);
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
        );
      },
      JSON.stringify({
        mcpServers: {
          mem: { command: process.execPath, args: [referenceServer('memory')] },
          broken: { args: [] },
        },
      }),
    );
    await expect
      .poll(() => page.getByText(/Not imported — broken: .*needs "command"/).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByText('Imported mem.').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('list', { name: 'Servers' }).textContent(), { timeout: 30_000 })
      .toMatch(/mem.*Connected/);
    await app.screenshot('window-snippet-imported');
    expect(app.pageErrors).toEqual([]);
  });
});
