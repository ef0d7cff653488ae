// Nothing is lost: `lena chat -p` is killed with SIGKILL in the middle of a streamed answer; the
// reopened conversation holds the user's message and every completed block, marked incomplete.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openConversationStore } from '../../../electron/core/store/open-store';
import { openDatabase } from '../../../electron/core/store/database';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../fixtures/messages-api';

const ROOT = resolve(__dirname, '../../..');
let home: string;
let api: MessagesApiServer;

beforeAll(async () => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-crash-'));
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

it('keeps the prompt and the completed blocks after kill -9 mid-stream', async () => {
  api.push(
    reply(
      text('The first block is complete.'),
      text('The second block never finishes because the app dies while it streams.', 4),
      { delayMs: 60 },
    ),
  );
  const child = spawn(
    process.execPath,
    [join(ROOT, 'out/cli/lena.js'), 'chat', '-p', 'Tell me two things'],
    {
      env: {
        PATH: process.env.PATH!,
        HOME: home,
        LENA_HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-x',
        ANTHROPIC_BASE_URL: api.url,
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise((r) => child.on('exit', r));
  // Watch the database from outside (WAL lets a reader in) until the first block is stored.
  const firstBlockStored = () => {
    try {
      const { db } = openDatabase(join(home, 'lena.db'));
      const row = db.prepare("SELECT content FROM messages WHERE role = 'assistant'").get() as
        { content: string } | undefined;
      db.close();
      return row !== undefined && JSON.parse(row.content).length === 1;
    } catch {
      return false; // not created yet
    }
  };
  await expect
    .poll(firstBlockStored, {
      timeout: 20_000,
      interval: 40,
      message: 'the first block was never stored',
    })
    .toBe(true);
  child.kill('SIGKILL');
  await exited;

  const reopened = openConversationStore(join(home, 'lena.db'));
  try {
    expect(reopened.recovered.messages).toBe(1);
    const [summary] = reopened.store.list();
    const conversation = reopened.store.get(summary.id);
    expect(conversation.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'incomplete'],
    ]);
    expect(conversation.messages[0].content).toEqual([
      { type: 'text', text: 'Tell me two things' },
    ]);
    expect(conversation.messages[1].content).toEqual([
      { type: 'text', text: 'The first block is complete.' },
    ]);
  } finally {
    reopened.close();
  }
});
