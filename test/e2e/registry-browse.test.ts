// Browse and install from the MCP Registry in the window, against the loopback stand-in: pages
// with a deprecated server and its message (the deleted one never shown), the install form built
// from server.json's inputs with the command line shown before saving, and a saved install whose
// secret stays out of mcp.json. Screenshots under test-results/e2e/registry-*.png.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { startRegistryStandIn, type RegistryStandIn } from '../fixtures/registry/stand-in';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('browse the MCP Registry', () => {
  let app: WindowSession;
  let home: string;
  let registry: RegistryStandIn;
  beforeAll(async () => {
    registry = await startRegistryStandIn({ pageSize: 5 });
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-registry-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ registryUrl: registry.url }));
    app = await openWindow({ home });
    await app.page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await app.page.locator('[data-browse-registry]').click();
  });
  afterAll(async () => {
    await app?.dispose();
    await registry?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('pages through the registry; a deprecated server says why, a deleted one is not there', async () => {
    const { page } = app;
    const rows = page.locator('[data-registry-server]');
    await expect.poll(() => rows.count()).toBe(4);
    expect(
      await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-registry-server'))),
    ).toEqual([
      'com.example/tenant-remote',
      'io.github.lena-test/bundle',
      'io.github.lena-test/dotnet-tools',
      'io.github.lena-test/everything',
    ]);
    await expect
      .poll(() => page.locator('.registry-browse').textContent())
      .toContain(`From ${registry.url}`);
    await app.screenshot('registry-browse-page-1');
    await page.getByRole('button', { name: 'Next →' }).click();
    const oldSearch = page.locator('[data-registry-server="io.github.lena-test/old-search"]');
    await expect
      .poll(() => oldSearch.textContent())
      .toContain('Deprecated: Replaced by io.github.lena-test/search');
    expect(await page.locator('.registry-browse').textContent()).not.toContain('lena-test/gone');
    expect(await page.locator('.registry-browse').textContent()).toContain('Page 2');
    await app.screenshot('registry-browse-page-2');
  });

  it('the install form asks for each input and shows the command line before saving', async () => {
    const { page } = app;
    await page.locator('[data-registry-server="io.github.lena-test/postgres"] button').click();
    const form = page.locator('.install-form');
    await expect.poll(() => form.textContent()).toContain('Install Postgres');
    const install = form.getByRole('button', { name: 'Install', exact: true });
    expect(await install.isDisabled()).toBe(true);
    await form.locator('#install-field-var\\:host_dir').fill('/srv/data');
    await form.locator('#install-field-arg\\:schema').fill('public, sales');
    await form.locator('#install-field-env\\:DATABASE_URL').fill('postgres://u:hunter2@db/app');
    const line = form.locator('[data-command-line]');
    await expect
      .poll(() => line.textContent())
      .toBe(
        'DATABASE_URL=${secret:POSTGRES_DATABASE_URL} LOG_LEVEL=info docker run -i --rm --mount type=bind,src=/srv/data,dst=/data -e DATABASE_URL -e LOG_LEVEL docker.io/acme/postgres-mcp:1.4.0 public sales',
      );
    expect(await form.textContent()).not.toContain('hunter2');
    expect(await form.textContent()).toContain('Run it in the sandbox');
    expect(await install.isDisabled()).toBe(false);
    await line.scrollIntoViewIfNeeded();
    await app.screenshot('registry-install-form');
    await form.getByRole('button', { name: '← Back to the list' }).click();
  });

  it('an install with a secret header saves a reference, and the server joins the list untrusted', async () => {
    const { page } = app;
    await page.getByRole('button', { name: '← Previous' }).click();
    await page.locator('[data-registry-server="com.example/tenant-remote"] button').click();
    const form = page.locator('.install-form');
    await form.locator('#install-field-var\\:tenant').fill('acme');
    await form.locator('#install-field-var\\:token').fill('tok-live-4411');
    await expect
      .poll(() => form.locator('[data-command-line]').textContent())
      .toBe(
        "http https://acme.mcp.example.com/mcp -H 'Authorization: Bearer ${secret:TENANT_REMOTE_TOKEN}' -H 'X-Region: eu'",
      );
    expect(await form.textContent()).toContain(
      'The lena command line cannot read the window’s store',
    );
    await form.locator('[data-command-line]').scrollIntoViewIfNeeded();
    await app.screenshot('registry-install-remote');
    await form.getByRole('button', { name: 'Install', exact: true }).click();
    const item = page.locator('.server-item[data-server="tenant-remote"]');
    await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(1);
    const saved = readFileSync(join(home, 'mcp.json'), 'utf8');
    expect(JSON.parse(saved).mcpServers['tenant-remote']).toEqual({
      type: 'http',
      url: 'https://acme.mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${secret:TENANT_REMOTE_TOKEN}', 'X-Region': 'eu' },
    });
    expect(saved).not.toContain('tok-live-4411');
    const trusted = page.locator('.server-detail').getByRole('checkbox', { name: 'Trusted' });
    await expect.poll(() => trusted.count()).toBe(1);
    expect(await trusted.isChecked()).toBe(false);
    await app.screenshot('registry-installed');
  });

  it('the registry can be changed from Browse: a bad URL is refused, a good one is saved and read', async () => {
    const { page } = app;
    const company = await startRegistryStandIn({ pageSize: 2 });
    try {
      await page.locator('[data-browse-registry]').click();
      const browse = page.locator('.registry-browse');
      await browse.getByRole('button', { name: 'Change registry…' }).click();
      const field = browse.getByRole('textbox', { name: 'Registry URL' });
      expect(await field.inputValue()).toBe(registry.url);
      await field.fill('ftp://registry.example.com');
      await expect
        .poll(() => browse.getByRole('alert').textContent())
        .toBe('The registry URL must start with https:// or http://.');
      const save = browse.getByRole('button', { name: 'Save and search' });
      expect(await save.isDisabled()).toBe(true);
      await app.screenshot('registry-change-url');
      await field.fill(company.url);
      await save.click();
      await expect.poll(() => browse.textContent()).toContain(`From ${company.url}`);
      expect(company.requests.some((r) => r.startsWith('/v0.1/servers'))).toBe(true);
      await expect.poll(() => page.locator('[data-registry-server]').count()).toBe(2);
      const settings = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'));
      expect(settings.registryUrl).toBe(company.url);
    } finally {
      await company.close();
    }
  });
});
