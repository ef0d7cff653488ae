// A project's `.mcp.json` server waits for approval in the window: the whole command, its risk
// flags, Approve starts it (RELIABILITY.md security 9 as the user sees it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from './harness';
import { coreHas, referenceServer } from './helpers/core';
import { openWindow, type WindowSession } from './helpers/session';

const ready = (chromiumPath() !== null || Boolean(process.env.CI)) && (await coreHas('servers:list', 'servers:approve'));

describe.skipIf(!ready)('a project server awaiting approval', () => {
  let app: WindowSession;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lena-e2e-project-'));
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [referenceServer('memory'), '~/.ssh/id_rsa'], env: { NOTES_TOKEN: 'x' } } } }));
    app = await openWindow({ home: join(dir, 'home'), projectFolder: project });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the full command, env names and risks; nothing runs until Approve', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /Servers/ }).first().click();
    await page.getByRole('button', { name: /^notes/ }).click();
    const approval = page.getByRole('region', { name: /Start “notes” from this project\?/ });
    await approval.waitFor({ timeout: 30_000 });
    const shown = (await approval.textContent()) ?? '';
    expect(shown).toContain(referenceServer('memory'));
    expect(shown).toContain('~/.ssh/id_rsa');
    expect(shown).toContain('NOTES_TOKEN');
    expect(shown).not.toContain('"x"');
    expect(await approval.getByRole('list', { name: 'Risks' }).count()).toBe(1);
    expect(await page.locator('.server-detail .status-word').first().textContent()).toBe('Needs approval');
    await app.screenshot('project-approval');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('.server-detail .status-word').first().textContent(), { timeout: 30_000 }).toBe('Connected');
  });
});
