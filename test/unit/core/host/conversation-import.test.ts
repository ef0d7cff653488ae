// Issue 48: an import through the window's channel draws a new untrusted-data boundary for the new
// conversation and never keeps the one a file carries; pin and archive reach the list.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/chat/conversations';
import { newHost } from './host-harness';

const FORGED = 'forged-boundary-from-the-file';
const file = JSON.stringify({
  format: 'lena-conversation',
  version: 1,
  boundary: FORGED,
  conversation: { id: 'old', title: 'Imported plan', boundary: FORGED },
  messages: [
    { id: 'm1', role: 'user', content: [{ type: 'text', text: 'hello' }], boundary: FORGED },
  ],
});

describe('conversations:import', () => {
  it('draws a fresh boundary, never the file’s, and a second import draws another', async () => {
    const h = newHost('lena-import-');
    const a = await h.call<ConversationSummary>('conversations:import', { content: file });
    const b = await h.call<ConversationSummary>('conversations:import', { content: file });
    expect(a.title).toBe('Imported plan');
    const db = new DatabaseSync(join(h.home, 'lena.db'), { readOnly: true });
    const boundary = (id: string) =>
      (
        db.prepare('SELECT boundary FROM conversations WHERE id = ?').get(id) as {
          boundary: string;
        }
      ).boundary;
    const [ba, bb] = [boundary(a.id), boundary(b.id)];
    db.close();
    expect(ba).toMatch(/\S{8,}/);
    expect(ba).not.toContain(FORGED);
    expect(bb).not.toBe(ba);
  });

  it('answers a bad file with invalid-arguments naming the problem', async () => {
    const h = newHost('lena-import-');
    const r = await h.dispatch('conversations:import', { content: '[1, 2' });
    expect(r).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid-arguments',
        message: expect.stringMatching(/not JSON/),
      }),
    });
  });

  it('lists archived conversations only when asked, flagged', async () => {
    const h = newHost('lena-import-');
    const c = await h.call<ConversationSummary>('conversations:import', { content: file });
    await h.call('conversations:set-pinned', { id: c.id, pinned: true });
    await h.call('conversations:set-archived', { id: c.id, archived: true });
    expect(await h.call<ConversationSummary[]>('conversations:list')).toEqual([]);
    expect(
      await h.call<ConversationSummary[]>('conversations:list', { includeArchived: true }),
    ).toEqual([expect.objectContaining({ id: c.id, pinned: true, archived: true })]);
  });
});
