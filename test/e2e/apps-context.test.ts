// What a view puts into the model's context (ui/update-model-context): shown on its card, and
// sent to Claude with the next message inside the untrusted-data markers, never as the user's words;
// and a file it offers (ui/download-file), saved through the save dialog.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import {
  appsPeer,
  askInNewChat,
  cardOf,
  liveView,
  openAppsWindow,
  type AppsWindow,
} from './helpers/apps';
import { allowOnce } from './helpers/questions';

// Core reads its version (electron/core/version.ts) when it loads, from npm_package_version under
// tests: set it, before any import loads core, to one that is not package.json's, so a window that
// wrote in a version of its own (or the build's) would not pass.
const coreVersion = vi.hoisted(() => (process.env.npm_package_version = '7.7.7-apps-context'));

describe.skipIf(skipWhen('no-browser'))('a view’s model context', () => {
  let w: AppsWindow;
  beforeAll(async () => {
    // The view also asks for devices (_meta.ui.permissions), which Lena does not give it.
    const permissions = JSON.stringify({ camera: {}, clipboardWrite: {} });
    w = await openAppsWindow({
      picker: appsPeer(join(ROOT, 'test/fixtures/apps/context-view.html'), {
        APPS_VIEW_PERMISSIONS: permissions,
      }),
    });
    await w.app.page.getByRole('button', { name: '1 of 1 servers' }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    await w?.dispose();
  });

  it('is shown on the card and reaches Claude with the next message, marked as untrusted', async () => {
    const { page } = w.app;
    w.api.push(
      reply(toolUse('mcp__picker__show', { text: 'cities' }, 'toolu_picker')),
      reply(text('Pick a city in the view.')),
    );
    await askInNewChat(page, 'Let me pick a city');
    await allowOnce(page);
    const card = cardOf(page, 'picker · show');
    const { view } = await liveView(card);
    await view.locator('#state').filter({ hasText: 'context sent' }).waitFor({ timeout: 30_000 });
    // The view is told the Lena it runs in, at the version core reports (not a number written in the window).
    const packaged = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    ).version;
    expect(coreVersion).not.toBe(packaged);
    expect((await w.app.host.handlers['app:info'](undefined, { senderUrl: '' })).version).toBe(
      coreVersion,
    );
    expect(await view.locator('#host').textContent()).toBe(`Lena ${coreVersion}`);
    // What the view asked for and did not get is said on its card, not left to fail silently.
    expect(await card.getByTestId('app-view-permissions').textContent()).toBe(
      'This view asked for the camera and writing to the clipboard; Lena gives views none of these, so parts of it may not work.',
    );
    const note = card.getByTestId('app-view-context');
    await note.locator('summary').click();
    expect(await note.textContent()).toContain('The user picked Oslo in the view.');
    await w.app.screenshot('apps-view-model-context');

    w.api.push(reply(text('Oslo it is.')));
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Which city did I pick?');
    await box.press('Enter');
    await page.getByText('Oslo it is.').waitFor({ timeout: 30_000 });
    const sent = JSON.stringify(w.api.messageRequests().at(-1)?.body.messages?.at(-1));
    expect(sent).toContain('The user picked Oslo in the view.');
    expect(sent).toContain('Which city did I pick?');
    // Inside the untrusted-data markers: not the user's own words.
    expect(sent).toMatch(/untrusted/i);
  });

  it('a file the view offers goes through the save dialog', async () => {
    const { view } = await liveView(cardOf(w.app.page, 'picker · show'));
    await view
      .locator('#download')
      .filter({ hasText: 'download saved' })
      .waitFor({ timeout: 30_000 });
    const files = readdirSync(w.app.downloads);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(w.app.downloads, files[0]), 'utf8')).toBe(
      'Notes about Oslo, from the view.',
    );
  });
});
