// The window's shell in Chromium, bound to the real core: versions from the real app:info
// handler, renderer isolation, and IPC from foreign origins and frames refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { INVOKE_CHANNELS } from '../../shared/channel-names';
import { openApp, serveStatic, type AppSession } from './harness';

describe.skipIf(skipWhen('no-browser'))('the shell in Chromium', () => {
  let app: AppSession;
  let home: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-'));
    app = await openApp({ home, versions: { electron: '45.0.0-test', chromium: null } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('shows the versions that the real app:info handler returns', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect
      .poll(() => page.getByTestId('version-node').textContent())
      .toBe(process.versions.node);
    expect(await page.getByTestId('version-electron').textContent()).toBe('45.0.0-test');
    expect(await page.getByTestId('lena-home').textContent()).toBe(home);
    await app.screenshot('shell-settings');
  });

  it('opens on the chat pane with an empty state that offers the first steps', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /New conversation/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Start a conversation' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Add your Anthropic API key' }).isVisible()).toBe(
      true,
    );
    await app.screenshot('shell-chat-empty');
  });

  it('collapses the sidebar with Ctrl+B', async () => {
    const { page } = app;
    await page.keyboard.press('Control+b');
    expect(await page.getByRole('navigation', { name: 'Conversations' }).count()).toBe(0);
    await page.keyboard.press('Control+b');
    expect(await page.getByRole('navigation', { name: 'Conversations' }).count()).toBe(1);
  });

  it('gives an injected script no require, process or ipcRenderer; window.lena has only the contract', async () => {
    const seen = await app.page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      ipcRenderer: typeof (window as unknown as { ipcRenderer?: unknown }).ipcRenderer,
      keys: Object.keys((window as unknown as { lena: object }).lena).sort(),
      frozen: Object.isFrozen((window as unknown as { lena: object }).lena),
    }));
    expect(seen.require).toBe('undefined');
    expect(seen.process).toBe('undefined');
    expect(seen.ipcRenderer).toBe('undefined');
    expect(seen.keys).toEqual([...INVOKE_CHANNELS, 'on'].sort());
    expect(seen.frozen).toBe(true);
  });

  it('answers bad arguments with a clear error envelope', async () => {
    const envelope = await app.page.evaluate(() =>
      (window as unknown as { lena: Record<string, (a: unknown) => Promise<unknown>> }).lena[
        'app:info'
      ]({ unexpected: 1 }),
    );
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect((envelope as { error: { message: string } }).error.message).toMatch(
      /Invalid arguments for app:info/,
    );
  });

  it('refuses the core to a page on another origin and to a frame inside the app', async () => {
    // Another origin in the same browser context: it has the binding but fails the sender check.
    const foreign = await serveStatic(join(__dirname, 'foreign'));
    try {
      const other = await app.context.newPage();
      await other.goto(foreign.url);
      const fromOrigin = await other.evaluate(() =>
        (
          window as unknown as { __lenaInvoke(c: string, a: unknown): Promise<unknown> }
        ).__lenaInvoke('app:info', undefined),
      );
      expect(fromOrigin).toMatchObject({ ok: false, error: { code: 'forbidden' } });

      // A frame of the app's own origin embedded elsewhere is not the app's main frame: like
      // Electron's preload, the bridge is not built there, and the binding is not left behind
      // (main's sender check for frames is tested in test/unit/main/main-process.test.ts).
      await other.setContent(`<iframe src="${app.url}/" id="f"></iframe>`);
      const frame = await (await other.waitForSelector('#f')).contentFrame();
      await frame!.waitForLoadState('domcontentloaded');
      expect(
        await frame!.evaluate(() => ({
          lena: 'lena' in window,
          binding: '__lenaInvoke' in window,
        })),
      ).toEqual({ lena: false, binding: false });
      await other.close();
    } finally {
      await new Promise((r) => foreign.server.close(r));
    }
  });
});
