// A tool that returns dozens of images does not flood the window (RELIABILITY.md fault 10): the
// card draws the first dozen thumbnails and offers the rest on demand; the model got a capped copy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import {
  reply,
  startMessagesApiServer,
  text,
  toolResultsOf,
  toolUse,
  type MessagesApiServer,
} from '../fixtures/messages-api';
import { openWindow, type WindowSession } from './helpers/session';

const PEER = resolve(__dirname, '../fixtures/chat/order-peer.mjs');

describe.skipIf(skipWhen('no-browser'))('a tool returning thirty images', () => {
  let app: WindowSession;
  let api: MessagesApiServer;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'lena-e2e-images-'));
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({ mcpServers: { peer: { command: process.execPath, args: [PEER] } } }),
    );
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ permissions: { allow: ['mcp__peer__many_images'], ask: [], deny: [] } }),
    );
    api = await startMessagesApiServer();
    app = await openWindow({
      home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-e2e-images',
        ANTHROPIC_BASE_URL: api.url,
      },
    });
  });
  afterAll(async () => {
    await app?.dispose();
    await api?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('shows twelve thumbnails and the rest on demand', async () => {
    const { page } = app;
    api.push(
      reply(toolUse('mcp__peer__many_images', {}, 'toolu_imgs')),
      reply(text('Thirty pictures.')),
    );
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Show me the pictures');
    await composer.press('Enter');
    await page.getByText('Thirty pictures.').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('tool-card').last();
    await card.getByRole('button', { name: /Done/ }).click();
    const thumbs = card.getByRole('button', { name: /^Open Image \d+ from the tool large/ });
    expect(await thumbs.count()).toBe(12);
    await card.getByRole('button', { name: 'Show 18 more images' }).click();
    expect(await thumbs.count()).toBe(30);
    // The model's copy was capped by core.
    const sent = toolResultsOf(api.messageRequests()[1])[0].content as { type: string }[];
    expect(sent.filter((b) => b.type === 'image').length).toBeLessThanOrEqual(10);
  });
});
