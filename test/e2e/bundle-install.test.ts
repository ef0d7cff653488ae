// MCP bundles in the window: "Install from file…" opens the install sheet (icon, name, author,
// version, the signer and its fingerprint, tools, privacy policies, the settings form with a
// masked sensitive field, a number's range and a folder picker), installs only once the untrusted
// signer is accepted, and keeps the sensitive value out of mcp.json; a tampered bundle dropped on
// the window is refused. Screenshots under test-results/e2e/bundle-*.png.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  makeCert,
  packBundle,
  signBundle,
  tamper,
  tempDir,
  testManifest,
  type TestCert,
} from '../fixtures/bundles/make-bundle';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('installing an MCP bundle in the window', () => {
  let app: WindowSession;
  let work: string;
  let cert: TestCert;
  let signed: string;
  let folder: string;
  beforeAll(async () => {
    work = tempDir('lena-e2e-bundle-');
    folder = join(work, 'notes');
    mkdirSync(folder);
    cert = makeCert(work);
    signed = await packBundle(work, testManifest({ icon: 'icon.png' }));
    signBundle(signed, cert);
    app = await openWindow({ pickPaths: async () => [folder] });
    await app.page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('shows the sheet, asks to accept the signer, and installs', async () => {
    const { page } = app;
    await page.locator('[data-bundle-input]').setInputFiles(signed);
    const sheet = page.locator('.bundle-sheet');
    await expect.poll(() => sheet.textContent()).toContain('Install Weather Bundle');
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain('1.0.0 · by Lena Test Publisher');
    expect(text).toContain('Signed, not trusted by this system by Lena Test Publisher');
    expect(await sheet.locator('[data-fingerprint]').textContent()).toBe(cert.fingerprint);
    expect(text).toContain('whoami — Says how the bundle was launched');
    expect(await sheet.locator('[data-command-line]').textContent()).toBe(
      '(env UNITS, API_KEY) node ${__dirname}/server/index.mjs --root=${HOME} ${user_config.roots}',
    );
    expect(text).toContain('https://example.com/privacy');
    expect(await sheet.locator('img.bundle-icon').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(await sheet.locator('#bundle-field-api_key').getAttribute('type')).toBe('password');
    expect(await sheet.locator('[data-bundle-field="days"]').textContent()).toContain('1 to 14');
    const install = sheet.getByRole('button', { name: 'Install', exact: true });
    expect(await install.isDisabled()).toBe(true);
    await sheet.locator('#bundle-field-api_key').fill('wx-window-secret-8812');
    await sheet
      .locator('[data-bundle-field="roots"]')
      .getByRole('button', { name: 'Choose…' })
      .click();
    await expect.poll(() => sheet.locator('#bundle-field-roots').inputValue()).toBe(folder);
    expect(await install.isDisabled()).toBe(true);
    await sheet.getByRole('checkbox', { name: /I checked this fingerprint/ }).check();
    expect(await install.isDisabled()).toBe(false);
    await app.screenshot('bundle-sheet');
    await sheet.locator('h2').scrollIntoViewIfNeeded();
    await app.screenshot('bundle-sheet-top');
    await install.click();
    // Installed: the sheet closes and the new server is selected; it starts and connects.
    await expect.poll(() => sheet.count(), { timeout: 20_000 }).toBe(0);
    const row = page.locator('[data-server="weather-bundle"]');
    await expect.poll(() => row.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('1 tools');
    const config = readFileSync(join(app.home, 'mcp.json'), 'utf8');
    expect(JSON.parse(config).mcpServers['weather-bundle']).toEqual({
      bundle: 'weather-bundle@1.0.0',
      userConfig: { api_key: '${secret:WEATHER_BUNDLE_API_KEY}', roots: [folder] },
    });
    expect(config).not.toContain('wx-window-secret-8812');
    await app.screenshot('bundle-installed');
  }, 60_000);

  it('refuses a tampered bundle dropped on the window', async () => {
    const { page } = app;
    const bad = readFileSync(tamper(signed, join(work, 'tampered.mcpb'))).toString('base64');
    await page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'tampered.mcpb'));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
    }, bad);
    const note = page.getByText('Could not open the bundle');
    await expect.poll(() => note.count()).toBe(1);
    expect(await page.locator('.servers-page').textContent()).toContain(
      'the bundle was changed after it was signed',
    );
    await app.screenshot('bundle-tampered');
  });
});
