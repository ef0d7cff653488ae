import { expect, it, vi } from 'vitest';
import {
  loadDrafts,
  mergeDrafts,
  saveDraftsSoon,
  serialiseDrafts,
} from '../../../../renderer/lib/draft-storage';

it('keeps non-empty drafts within the size cap and reads them back', () => {
  const stored = serialiseDrafts({
    a: 'first draft',
    b: '   ',
    c: 'x'.repeat(250_000),
    d: 'newest',
  });
  expect(JSON.parse(stored)).toEqual({ d: 'newest' });
  expect(loadDrafts({ getItem: () => JSON.stringify({ a: 'hello', bad: 42 }) })).toEqual({
    a: 'hello',
  });
});

it('survives broken or missing storage', () => {
  expect(loadDrafts({ getItem: () => '{not json' })).toEqual({});
  expect(
    loadDrafts({
      getItem: () => {
        throw new Error('denied');
      },
    }),
  ).toEqual({});
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

it('never writes a draft that holds an API key or token (it stays in memory only)', () => {
  const stored = serialiseDrafts({
    a: 'my key is sk-ant-api03-AbCdEfGh1234567890_xyz please',
    b: 'token ghp_0123456789abcdefghijABCDEFGHIJ',
    c: 'AKIAIOSFODNN7EXAMPLE is the id',
    d: 'plain words about sk-ant- keys and ask-anthropic',
    e: 'I use sk-learn-and-friends-daily for models',
  });
  expect(JSON.parse(stored)).toEqual({
    e: 'I use sk-learn-and-friends-daily for models',
    d: 'plain words about sk-ant- keys and ask-anthropic',
  });
  expect(stored).not.toContain('sk-ant-api03');
});

it('writes only what this window changed over what another window saved meanwhile', () => {
  // Window B opened with {a}; window A then saved a draft for b; B edits a and clears nothing else.
  expect(mergeDrafts({ a: 'one', b: 'from A' }, { a: 'one' }, { a: 'one, edited' })).toEqual({
    a: 'one, edited',
    b: 'from A',
  });
  // A draft this window cleared (sent) goes, even when the stored copy still has it.
  expect(mergeDrafts({ a: 'one', b: 'from A' }, { a: 'one' }, { a: '' })).toEqual({
    a: '',
    b: 'from A',
  });
});
