// Nothing typed is lost: a draft survives a reload of the window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from './harness';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(chromiumPath() === null && !process.env.CI)('drafts', () => {
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
    await page.waitForTimeout(1200);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue(), { timeout: 10_000 }).toBe('half-written thought about the migration');
  });
});
