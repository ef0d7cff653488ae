// The window's copy of a server's log rows (issue 16): new pages are appended, rows core dropped
// (the 2,000-row or 10 MB bound) go from the window too, and an empty page changes nothing.
import { expect, it } from 'vitest';
import type { InspectorRow } from '../../../../../shared/inspector-types';
import { mergeLogRows } from '../../../../../renderer/store/inspector/actions';

const row = (seq: number): InspectorRow => ({
  seq,
  time: seq,
  stream: 'stderr',
  direction: null,
  kind: 'stderr',
  method: null,
  id: null,
  durationMs: null,
  pairSeq: null,
  bytes: 1,
  truncated: false,
  summary: String(seq),
});
const seqs = (rows: InspectorRow[]) => rows.map((r) => r.seq);

it('appends new rows, drops those core no longer keeps, and keeps the same array when nothing changed', () => {
  const held = [row(1), row(2), row(3)];
  expect(seqs(mergeLogRows(held, [row(4), row(5)], 1))).toEqual([1, 2, 3, 4, 5]);
  expect(seqs(mergeLogRows(held, [row(4)], 3))).toEqual([3, 4]);
  expect(seqs(mergeLogRows(held, [], 2))).toEqual([2, 3]);
  expect(mergeLogRows(held, [], 1)).toBe(held);
  expect(seqs(mergeLogRows(held, [row(4), row(5)], 1, 2))).toEqual([4, 5]);
});
