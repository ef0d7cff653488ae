// How fast the conversation store loads a 10,000-message conversation (what the window does when
// the user opens it), writes blocks while streaming, and searches. The baseline is a bare
// `SELECT *` of the same rows through node:sqlite, measured in the same run. Quick pass: 500
// messages, three runs of each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConversationStore } from '../../electron/core/store/conversations';
import { openDatabase } from '../../electron/core/store/database';
import { sized, writeBenchReport } from './quick.mjs';

const MESSAGES = sized(10_000, 500);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(runs: number, fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < sized(runs, 3); i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

const dir = mkdtempSync(join(tmpdir(), 'lena-bench-'));
try {
  const { db } = openDatabase(join(dir, 'lena.db'));
  const store = new ConversationStore(db);
  const c = store.create({ title: 'Long' });

  const writeStart = performance.now();
  db.transaction(() => {
    for (let i = 0; i < MESSAGES; i++) {
      const m = store.append(c.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: [
          { type: 'text', text: `Message ${i}: ${'some words of a typical answer '.repeat(8)}` },
        ],
      });
      if (i % 10 === 1) {
        store.upsertToolCall({
          id: `toolu_${i}`,
          conversationId: c.id,
          messageId: m.id,
          server: 's',
          tool: 't',
          qualifiedName: 'mcp__s__t',
          input: { i },
          status: 'done',
          result: { content: [{ type: 'text', text: 'ok' }] },
        });
      }
    }
  });
  const appendMs = performance.now() - writeStart;

  const loadMs = time(7, () => store.get(c.id));
  const baselineMs = time(7, () =>
    db.raw.prepare('SELECT * FROM messages WHERE conversation_id = ?').all(c.id),
  );

  const streaming = store.append(c.id, { role: 'assistant', content: [], status: 'streaming' });
  const blockMs = time(200, () =>
    store.appendBlock(streaming.id, { type: 'text', text: 'a completed block of streamed text' }),
  );
  const searchMs = time(20, () => store.search('typical answer'));
  const listMs = time(20, () => store.list());
  const fileBytes = Number(
    (
      db.raw
        .prepare('SELECT page_count * page_size AS n FROM pragma_page_count, pragma_page_size')
        .get() as { n: number }
    ).n,
  );
  db.close();
  // The integrity check runs at every open: what it costs per megabyte of database.
  const openMs = time(5, () => openDatabase(join(dir, 'lena.db')).db.close());

  const results = {
    messages: MESSAGES,
    loadConversationMs: +loadMs.toFixed(1),
    baselineSelectMs: +baselineMs.toFixed(1),
    loadVsBaseline: +(loadMs / baselineMs).toFixed(2),
    appendMessagesInOneTransactionMs: +appendMs.toFixed(0),
    appendBlockCommitMs: +blockMs.toFixed(3),
    searchMs: +searchMs.toFixed(2),
    listMs: +listMs.toFixed(2),
    databaseMiB: +(fileBytes / 2 ** 20).toFixed(1),
    openWithQuickCheckMs: +openMs.toFixed(1),
    openMsPerMiB: +(openMs / (fileBytes / 2 ** 20)).toFixed(2),
  };
  console.table(results);
  writeBenchReport('store-load', results);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
