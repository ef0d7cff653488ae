// The server form's sign-in section (issues 20 and 21), in Chromium against the real core: a
// remote server added as a machine client (client credentials) with its secret as a
// `${secret:…}` reference and DPoP off lands in mcp.json as exactly that; a secret typed in clear
// is refused with the fix and never written; the fields read back when the server is edited.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('the server form’s sign-in section', () => {
  let app: WindowSession;
  beforeAll(async () => {
    app = await openWindow();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  const saved = (): string => {
    try {
      return readFileSync(`${app.home}/mcp.json`, 'utf8');
    } catch {
      return '';
    }
  };

  it('adds a client-credentials server with a secret reference and DPoP off; refuses a secret in clear', async () => {
    const { page } = app;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
    await page.getByRole('button', { name: '+ Add server' }).click();
    await page.getByLabel('Name').fill('builds');
    await page.getByRole('radio', { name: 'Streamable HTTP' }).click();
    await page.getByLabel('URL').fill('https://ci.example.com/mcp');
    await page.getByText('Sign-in (OAuth)').click();
    await page.getByLabel('How Lena gets tokens').selectOption('client_credentials');
    // The machine grant's own fields appear; the browser sign-in's callback port does not.
    await expect.poll(() => page.getByLabel('Private key file').count()).toBe(1);
    expect(await page.getByLabel('Callback port').count()).toBe(0);
    await page.getByLabel('Client ID').fill('bot');
    await page.getByLabel('Client secret').fill('hunter2-in-clear');
    await page.getByLabel('DPoP (proof-of-possession tokens)').selectOption('off');
    await page.getByRole('button', { name: 'Add server', exact: true }).click();
    await page
      .getByText(/oauth\.clientSecret.*must be a reference such as "\$\{secret:NAME\}"/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(saved()).not.toContain('hunter2-in-clear');
    await app.screenshot('oauth-form-refused');

    await page.getByLabel('Client secret').fill('${secret:BUILDS_SECRET}');
    await page.getByRole('button', { name: 'Add server', exact: true }).click();
    await expect
      .poll(() => JSON.parse(saved() || '{}').mcpServers?.builds, { timeout: 15_000 })
      .toEqual({
        url: 'https://ci.example.com/mcp',
        oauth: {
          grant: 'client_credentials',
          clientId: 'bot',
          clientSecret: '${secret:BUILDS_SECRET}',
          dpop: false,
        },
      });

    // Editing it again shows what was saved.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect
      .poll(() => page.getByLabel('How Lena gets tokens').inputValue())
      .toBe('client_credentials');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('${secret:BUILDS_SECRET}');
    expect(await page.getByLabel('DPoP (proof-of-possession tokens)').inputValue()).toBe('off');
    await app.screenshot('oauth-form-saved');
    expect(app.pageErrors).toEqual([]);
  });
});
