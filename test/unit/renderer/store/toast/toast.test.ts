// The toast slice: at most four, each dismissed after its time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastSelectors } from '../../../../../renderer/store/toast/selectors';
import { storeWithFakeHost } from '../fake-host';

describe('toast slice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts empty, keeps the newest four, and dismisses each after its time', () => {
    const { store } = storeWithFakeHost();
    expect(toastSelectors.toasts(store.getState())).toEqual([]);
    for (let i = 1; i <= 5; i++) store.getState().pushToast({ message: `t${i}` }, i * 1000);
    expect(toastSelectors.toasts(store.getState()).map((t) => t.message)).toEqual([
      't2',
      't3',
      't4',
      't5',
    ]);
    vi.advanceTimersByTime(3000);
    expect(toastSelectors.toasts(store.getState()).map((t) => t.message)).toEqual(['t4', 't5']);
  });

  it('numbers toasts per store, so two stores do not share ids', () => {
    const a = storeWithFakeHost().store;
    const b = storeWithFakeHost().store;
    expect(a.getState().pushToast({ message: 'x' })).toBe(1);
    expect(b.getState().pushToast({ message: 'y' })).toBe(1);
  });
});
