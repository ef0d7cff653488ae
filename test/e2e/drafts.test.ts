// Nothing typed is lost: a draft survives a reload of the window; but a draft that holds an API
// key is never written to the page's storage (issue 12, item 11), so it does not survive one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('drafts', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-drafts-'));
    app = await openWindow({ home });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('keeps what was typed in the composer across a reload', async () => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('half-written thought about the migration');
    // Drafts are saved about a second after the last keystroke: reload once it is in storage.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lena:drafts') ?? ''), {
        timeout: 10_000,
      })
      .toContain('half-written thought');
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue(), { timeout: 10_000 })
      .toBe('half-written thought about the migration');
  });

  it('never writes a draft holding an API key to the page’s storage', async () => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    const stored = () => page.evaluate(() => localStorage.getItem('lena:drafts') ?? '');
    await composer.fill('a note before the key');
    await expect.poll(stored, { timeout: 10_000 }).toContain('a note before the key');
    await composer.fill('a note before the key: sk-ant-api03-Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L');
    // The save after this edit drops the draft (the earlier, key-less one is gone too): no key on disk.
    await expect.poll(stored, { timeout: 10_000 }).not.toContain('a note before the key');
    expect(await stored()).not.toContain('sk-ant-');
    expect(await composer.inputValue()).toContain('sk-ant-api03-');
    expect(
      await page
        .getByRole('note')
        .filter({
          hasText: 'This looks like an API key or token: the draft is kept in memory only',
        })
        .count(),
    ).toBe(1);
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    expect(await stored()).not.toContain('sk-ant-');
  });
});
