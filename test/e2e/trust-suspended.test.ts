// A trusted server whose entry changes loses its trust until the user confirms it, on the
// server's own page (permissions issue: trust bound to the server's identity).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { openWindow, type WindowSession } from './helpers/session';

const MEMORY = resolve(
  __dirname,
  '../../node_modules/@modelcontextprotocol/server-memory/dist/index.js',
);

describe.skipIf(skipWhen('no-browser'))('trust suspended after an entry change', () => {
  let app: WindowSession;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-trust-'));
    app = await openWindow({ home });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('shows the suspension on the server and restores trust with Confirm server', async () => {
    const { page, host } = app;
    const dispatch = (channel: string, args: unknown) =>
      host.dispatch(channel, args, { senderUrl: 'test' });
    const entry = {
      command: process.execPath,
      args: [MEMORY],
      env: { MEMORY_FILE_PATH: join(home, 'm.jsonl') },
    };
    await dispatch('servers:add', { name: 'memory', entry });
    await dispatch('servers:set-trusted', { name: 'memory', trusted: true });
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { memory: { ...entry, args: [MEMORY, '--new-flag'] } } }),
    );
    await dispatch('servers:reload', {});
    await page
      .getByRole('button', { name: /servers/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /memory/ })
      .first()
      .click();
    const notice = page.getByTestId('trust-suspended');
    await expect
      .poll(() => notice.textContent(), { timeout: 15_000 })
      .toMatch(/Trust suspended: server entry changed/);
    await app.screenshot('trust-suspended');
    await notice.getByRole('button', { name: 'Confirm server' }).click();
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    expect(
      await page
        .getByRole('checkbox', { name: /Trusted/ })
        .first()
        .isChecked(),
    ).toBe(true);
  });
});
