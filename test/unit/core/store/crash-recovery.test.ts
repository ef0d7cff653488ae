// Real processes on one database: "nothing is lost" (a writer SIGKILLed mid-stream; the reopened
// database holds every block it reported as written), and several Lenas opening a new database.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openConversationStore } from '../../../../electron/core/store/open-store';
import { ERROR_CODE } from '../../../../shared/result';

let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lena-crash-'));
  bundle = join(dir, 'store.cjs');
  // The child runs the real store code; esbuild turns the TypeScript into one plain CommonJS file.
  await build({
    entryPoints: [resolve(__dirname, '../../../../electron/core/store/open-store.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: bundle,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps every committed block after SIGKILL and marks the answer incomplete', async () => {
  const dbFile = join(dir, 'lena.db');
  const child = spawn(
    process.execPath,
    [resolve(__dirname, '../../../fixtures/store/crash-writer.mjs'), bundle, dbFile],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((r) =>
    child.on('exit', (_code, signal) => r(signal)),
  );

  let acknowledged = 0;
  let ids: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('ready ')) ids = line.split(' ').slice(1);
    const m = /^block (\d+)$/.exec(line);
    if (m) acknowledged = Number(m[1]);
    if (acknowledged >= 200) {
      child.kill('SIGKILL'); // while it keeps writing
      break;
    }
  }
  expect(await exited, stderr).toBe('SIGKILL');
  const [conversationId, answerId] = ids;

  const { store, recovered, close } = openConversationStore(dbFile);
  try {
    expect(recovered.messages).toBe(1);
    const conversation = store.get(conversationId);
    expect(conversation.messages[0]).toMatchObject({
      role: 'user',
      status: 'complete',
      content: [{ type: 'text', text: 'Tell me a long story.' }],
    });
    const answer = conversation.messages[1];
    expect(answer).toMatchObject({
      id: answerId,
      role: 'assistant',
      status: 'incomplete',
      error: { code: ERROR_CODE.interrupted },
    });
    expect(answer.content.length).toBeGreaterThanOrEqual(acknowledged);
    // No gaps and no torn block: block k is exactly the k-th one written.
    answer.content.forEach((block, k) =>
      expect(String(block.text)).toMatch(new RegExp(`^block ${k + 1} `)),
    );
    expect(store.search('lorem').length).toBeGreaterThan(0);
  } finally {
    close();
  }
});

it('lets several processes open a brand-new database at once (migrations do not race)', async () => {
  const dbFile = join(dir, 'shared.db');
  const script = resolve(__dirname, '../../../fixtures/store/open-and-write.mjs');
  const run = () =>
    new Promise<string>((done, fail) =>
      execFile(process.execPath, [script, bundle, dbFile], (err, stdout, stderr) =>
        err ? fail(new Error(stderr || err.message)) : done(stdout.trim()),
      ),
    );
  const ids = await Promise.all([run(), run(), run(), run()]);
  const { store, close } = openConversationStore(dbFile);
  try {
    expect(
      store
        .list()
        .map((c) => c.id)
        .sort(),
    ).toEqual([...ids].sort());
  } finally {
    close();
  }
});
