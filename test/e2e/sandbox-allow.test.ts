// The sandbox as the user changes it in the window (issue 43 items 4 and 5), one shared window:
// a project entry without a `sandbox` field is approved with a ticked "Run in the sandbox" that
// the user may untick (recorded, said on the server page); a host the sandbox refused shows as
// "blocked: HOST" with "Allow this domain", which after a confirmation adds it to the entry's
// allowedDomains and restarts the server, which then reaches it; "Allow a folder…" adds a typed
// folder to allowWrite the same way; for a project entry the edit goes to the project's file and
// the server waits for approval again. Last, "Pre-install…" for an npx server (a local package
// tarball, npm's cache in a temporary folder): consent in place, then it runs offline.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWhen } from '../skip-reasons';
import { ROOT } from './harness';
import { openServerWindow, type ServerWindow } from './helpers/server-window';

const PROBE = join(ROOT, 'test/fixtures/mcp/sandbox-probe.mjs');

/** A package whose bin is the sandbox probe, packed into `dir`; returns the tarball's path. */
function packProbe(dir: string): string {
  const pkg = join(dir, 'pkg');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'lena-e2e-probe', version: '1.0.0', bin: 'bin/probe.mjs' }),
  );
  writeFileSync(
    join(pkg, 'bin', 'probe.mjs'),
    `#!/usr/bin/env node\nawait import(${JSON.stringify(PROBE)});\n`,
  );
  execFileSync('npm', ['pack', '--pack-destination', dir], { cwd: pkg, stdio: 'ignore' });
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.tgz'))!,
  );
}

describe.skipIf(skipWhen('no-browser', 'no-sandbox'))('changing the sandbox in the window', () => {
  let w: ServerWindow;
  let page: Page;
  let target: Server;
  let hits = 0;
  let project = '';
  beforeAll(async () => {
    target = createServer((_q, res) => {
      hits += 1;
      res.end('hello');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const port = (target.address() as AddressInfo).port;
    project = mkdtempSync(join(tmpdir(), 'lena-e2e-sandbox-project-'));
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          proj: { command: process.execPath, args: [PROBE] },
          phones: {
            command: process.execPath,
            args: [PROBE],
            env: { PROBE_FETCH_ON_START: `http://127.0.0.1:${port}/` },
          },
        },
      }),
    );
    w = await openServerWindow({
      name: 'sandbox-allow',
      servers: {
        boxed: {
          command: process.execPath,
          args: [PROBE],
          env: { PROBE_FETCH_ON_START: `http://127.0.0.1:${port}/` },
          sandbox: true,
        },
        npxed: {
          command: 'npx',
          args: ['-y', `--package=${packProbe(project)}`, 'lena-e2e-probe'],
          env: { npm_config_cache: join(project, 'npm-cache') },
          cwd: project,
          sandbox: true,
        },
      },
      window: { projectFolder: project },
    });
    page = w.app.page;
    await page
      .getByRole('button', { name: /Servers/ })
      .first()
      .click();
  });
  afterAll(async () => {
    await w?.dispose();
    target?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const open = async (name: string) => {
    await page.locator(`.server-list [data-server="${name}"]`).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
  };
  const entry = () =>
    (
      JSON.parse(readFileSync(join(w.home, 'mcp.json'), 'utf8')) as {
        mcpServers: Record<string, { sandbox?: unknown }>;
      }
    ).mcpServers.boxed;
  const status = () => page.locator('.server-detail .status-word').first().textContent();

  it('a project entry: "Run in the sandbox" ticked, unticked on purpose, said on its page', async () => {
    await open('proj');
    const approval = page.getByRole('region', { name: /Start “proj” from this project\?/ });
    await approval.waitFor({ timeout: 30_000 });
    const box = approval.getByRole('checkbox', { name: /Run in the sandbox/ });
    expect(await box.isChecked()).toBe(true);
    expect(await approval.getByRole('group', { name: 'Sandbox' }).textContent()).toContain(
      'Sandboxed: can write only to its working folder',
    );
    await box.uncheck();
    expect(await approval.getByRole('group', { name: 'Sandbox' }).textContent()).toContain(
      'Runs without the sandbox: it gets your own rights',
    );
    await w.app.screenshot('sandbox-approval-unticked');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(status, { timeout: 30_000 }).toBe('Connected');
    const facts = page.getByTestId('server-sandbox');
    expect(await facts.textContent()).toContain(
      `Not sandboxed (you unticked “Run in the sandbox” when approving it): runs without sandbox: your choice on ${new Date().toISOString().slice(0, 10)}`,
    );
  });

  it('"Allow this domain" for a refused host: confirmed, saved to the entry, reached after the restart', async () => {
    await open('boxed');
    const facts = page.getByTestId('server-sandbox');
    await expect
      .poll(() => facts.textContent(), { timeout: 30_000 })
      .toContain('blocked: 127.0.0.1');
    expect(hits).toBe(0);
    await facts.getByRole('button', { name: 'Allow this domain' }).click();
    const confirm = facts.getByRole('alert', { name: 'Confirm the sandbox change' });
    expect(await confirm.textContent()).toContain(
      'Allow “boxed” to reach 127.0.0.1? This adds 127.0.0.1 to its entry’s sandbox.network.allowedDomains',
    );
    // Nothing is saved before the confirmation.
    expect(entry().sandbox).toBe(true);
    await w.app.screenshot('sandbox-allow-domain');
    await confirm.getByRole('button', { name: 'Allow and restart' }).click();
    await expect.poll(() => hits, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(entry().sandbox).toEqual({ network: { allowedDomains: ['127.0.0.1'] } });
    await expect.poll(status, { timeout: 30_000 }).toBe('Connected');
    expect(await facts.textContent()).toContain('network only to 127.0.0.1');
  });

  it('a project entry: "Allow this domain" writes the project’s file and asks for approval again', async () => {
    await open('phones');
    const approval = page.getByRole('region', { name: /Start “phones” from this project\?/ });
    await approval.waitFor({ timeout: 30_000 });
    await approval.getByRole('button', { name: 'Approve' }).click();
    const facts = page.getByTestId('server-sandbox');
    await expect
      .poll(() => facts.textContent(), { timeout: 30_000 })
      .toContain('blocked: 127.0.0.1');
    await facts.getByRole('button', { name: 'Allow this domain' }).click();
    const confirm = facts.getByRole('alert', { name: 'Confirm the sandbox change' });
    expect(await confirm.textContent()).toContain(
      'The project’s file changes, so the server waits for your approval again.',
    );
    await confirm.getByRole('button', { name: 'Allow and restart' }).click();
    await expect.poll(status, { timeout: 30_000 }).toBe('Needs approval');
    const written = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')) as {
      mcpServers: Record<string, { sandbox?: unknown }>;
    };
    expect(written.mcpServers.phones.sandbox).toEqual({
      network: { allowedDomains: ['127.0.0.1'] },
    });
    // The approval shows the entry's own policy, the new domain in it.
    expect(
      await page.getByRole('region', { name: /Start “phones” from this project\?/ }).textContent(),
    ).toContain('network only to 127.0.0.1');
  });

  it('"Allow a folder…": a typed folder joins allowWrite beside its working folder', async () => {
    await open('boxed');
    const facts = page.getByTestId('server-sandbox');
    await facts.getByRole('button', { name: 'Allow a folder…' }).click();
    await facts.getByLabel('Folder the server may write to').fill('~/notes');
    await facts.getByRole('button', { name: 'Allow…' }).click();
    const confirm = facts.getByRole('alert', { name: 'Confirm the sandbox change' });
    expect(await confirm.textContent()).toContain('sandbox.filesystem.allowWrite');
    await confirm.getByRole('button', { name: 'Allow and restart' }).click();
    await expect
      .poll(() => entry().sandbox)
      .toEqual({
        network: { allowedDomains: ['127.0.0.1'] },
        filesystem: { allowWrite: ['.', '~/notes'] },
      });
    await expect
      .poll(() => facts.textContent(), { timeout: 30_000 })
      .toContain('can write only to its working folder, ~/notes and a temporary folder');
  });

  it('"Pre-install…" for an npx server: asked in place, then it runs offline from the cache', async () => {
    await open('npxed');
    await expect.poll(status, { timeout: 60_000 }).toBe('Connected');
    const runner = page.getByTestId('sandbox-runner');
    expect(await runner.textContent()).toContain('npx may write its cache and reach its registry');
    await runner.getByRole('button', { name: 'Pre-install…' }).click();
    const consent = runner.getByRole('alert', { name: 'Confirm the pre-install' });
    expect(await consent.textContent()).toContain(
      "-- node -e '' once without the sandbox, with your rights",
    );
    await w.app.screenshot('sandbox-preinstall-consent');
    await consent.getByRole('button', { name: 'Pre-install and restart' }).click();
    await expect
      .poll(() => runner.textContent(), { timeout: 120_000 })
      .toContain(`pre-installed on ${new Date().toISOString().slice(0, 10)}: npx runs offline`);
    await expect.poll(status, { timeout: 60_000 }).toBe('Connected');
    await w.app.screenshot('sandbox-preinstalled');
  }, 180_000);
});
