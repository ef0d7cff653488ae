import { expect, it, vi } from 'vitest';
import { loadDrafts, saveDraftsSoon, serialiseDrafts } from '../../../../renderer/lib/draft-storage';

it('keeps non-empty drafts within the size cap and reads them back', () => {
  const stored = serialiseDrafts({ a: 'first draft', b: '   ', c: 'x'.repeat(250_000), d: 'newest' });
  expect(JSON.parse(stored)).toEqual({ d: 'newest' });
  expect(loadDrafts({ getItem: () => JSON.stringify({ a: 'hello', bad: 42 }) })).toEqual({ a: 'hello' });
});

it('survives broken or missing storage', () => {
  expect(loadDrafts({ getItem: () => '{not json' })).toEqual({});
  expect(loadDrafts({ getItem: () => { throw new Error('denied'); } })).toEqual({});
  expect(loadDrafts(undefined)).toEqual({});
});

it('writes once after a burst of edits', () => {
  vi.useFakeTimers();
  const setItem = vi.fn();
  saveDraftsSoon({ a: 'h' }, { setItem }, 1000);
  saveDraftsSoon({ a: 'he' }, { setItem }, 1000);
  saveDraftsSoon({ a: 'hey' }, { setItem }, 1000);
  vi.advanceTimersByTime(1000);
  expect(setItem).toHaveBeenCalledTimes(1);
  expect(setItem).toHaveBeenCalledWith('lena:drafts', JSON.stringify({ a: 'hey' }));
  vi.useRealTimers();
});
