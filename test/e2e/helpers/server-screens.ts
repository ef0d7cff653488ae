// The servers page's screens for the accessibility scan and the screen tour: the list, each tab of
// a connected server (a tool run by hand, a resource read, the prompts, a log row expanded, the
// form and JSON configuration) and a server that failed. `scan` visits the page as it is now.
// Servers: `every` (server-everything), `fs` (filesystem), `docs` (OAuth, signed in), `broken`.
import type { Page } from 'playwright-core';

/** From anywhere in the window: the servers page, the server whose name matches, its Overview. */
export async function openServerOverview(page: Page, server: RegExp): Promise<void> {
  await page
    .getByRole('button', { name: /servers$/ })
    .first()
    .click();
  await page.getByRole('list', { name: 'Servers' }).getByRole('button', { name: server }).click();
  await page.getByRole('tab', { name: 'Overview' }).click();
}

// Long: one walk through the page, each step leaving the screen the next one starts from.
export async function serverScreens(
  page: Page,
  scan: (screen: string) => Promise<void>,
): Promise<void> {
  await page
    .getByRole('button', { name: /servers/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'MCP servers' }).waitFor();
  const servers = page.getByRole('list', { name: 'Servers' });
  await scan('servers list');
  await page.getByRole('button', { name: /Add server/ }).click();
  await page.getByRole('heading', { name: 'Add a server' }).waitFor();
  await scan('add a server');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('heading', { name: 'Add a server' }).waitFor({ state: 'detached' });
  await servers.getByRole('button', { name: /^fs/ }).click();
  await page.locator('.server-detail').getByText('Connected').first().waitFor();
  await scan('server overview');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByText('read_text_file').first().waitFor({ timeout: 15_000 });
  await scan('server tools');

  // A tool run by hand, with its result.
  await servers.getByRole('button', { name: /^every/ }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run echo by hand' }).click();
  const run = page.getByRole('region', { name: 'Run echo' });
  await run.getByLabel(/^message/).fill('hello by hand');
  await run.getByRole('button', { name: 'Run echo' }).click();
  await run.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 30_000 });
  await scan('run a tool by hand');

  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('list', { name: 'Resources of every' }).waitFor({ timeout: 30_000 });
  await scan('server resources');
  await page.getByRole('button', { name: 'Fill in Dynamic Text Resource' }).click();
  const form = page.getByRole('form', { name: 'Fill in Dynamic Text Resource' });
  await form.getByLabel('resourceId *').fill('7');
  await scan('resource template form');
  await form.getByRole('button', { name: 'Read' }).click();
  const viewer = page.getByRole('dialog', { name: 'Dynamic Text Resource' });
  await viewer.getByTestId('resource-text').waitFor({ timeout: 30_000 });
  await scan('resource viewer');
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'Prompts' }).click();
  await page.getByRole('list', { name: 'Prompts of every' }).waitFor({ timeout: 30_000 });
  await scan('server prompts');

  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of every' });
  await log.getByRole('button', { expanded: false }).first().click();
  await log.getByRole('button', { expanded: true }).first().waitFor();
  await scan('server logs, a row expanded');

  await servers.getByRole('button', { name: /^docs/ }).click();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await scan('server form configuration (OAuth)');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await page.locator('.cm-editor').waitFor();
  await scan('server JSON configuration');
  // The problem list under the editor, with one problem in it.
  await page.locator('.cm-content').press('Control+End');
  await page.keyboard.type(',');
  await page.getByRole('list', { name: 'Problems' }).waitFor();
  // The editor's own lint marker comes a moment later; scan once the editor is done changing.
  await page.locator('.cm-lint-marker-error').first().waitFor();
  await scan('server JSON configuration with a problem');
  await page.keyboard.press('Backspace');
  await page.getByRole('list', { name: 'Problems' }).waitFor({ state: 'detached' });

  await servers.getByRole('button', { name: /^broken/ }).click();
  await page
    .locator('.server-detail')
    .getByText(/Failed/)
    .first()
    .waitFor({ timeout: 30_000 });
  await scan('failed server');
}
