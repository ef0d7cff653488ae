// A project whose .lena/settings.json is broken is said in the window at start-up, with the file
// and the position of the error (issue 13): its deny rules cannot be applied, so its servers stay
// off and every tool call asks until the file is fixed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { openWindow, type WindowSession } from './helpers/session';

describe.skipIf(skipWhen('no-browser'))('a broken project settings file', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-project-settings-'));
    const project = join(home, 'project');
    mkdirSync(join(project, '.lena'), { recursive: true });
    writeFileSync(
      join(project, '.lena', 'settings.json'),
      '{\n  "permissions": { "deny": ["mcp__fs__write_file"] ,, }\n}\n',
    );
    app = await openWindow({ home, projectFolder: project });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('shows the file, the line and column, and what Lena does until it is fixed', async () => {
    const { page } = app;
    const notice = page
      .getByText(/\.lena[\\/]settings\.json: invalid JSON at line 2, column \d+/)
      .first();
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.textContent()).toMatch(
      /servers do not start and every tool call asks until it is fixed/,
    );
    // Said once: the start-up notice, not again as a log toast.
    expect(await page.getByText(/invalid JSON at line 2/).count()).toBe(1);
    await app.screenshot('project-settings-broken');
  });
});
