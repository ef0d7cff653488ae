// The store is one namespace made of slices: a state field or action that two slices both name
// would silently replace the first (a component would call the wrong one), so none may.
import { expect, it } from 'vitest';
import { sliceParts } from '../../../../renderer/store/create-store';
import { storeWithFakeHost } from './fake-host';

it('no two slices name the same state field or action', () => {
  const { host, store } = storeWithFakeHost();
  const seen = new Map<string, number>();
  sliceParts(store.setState, store.getState, host).forEach((part, index) => {
    for (const key of Object.keys(part)) {
      expect(seen.has(key), `"${key}" is named by slice parts ${seen.get(key)} and ${index}`).toBe(
        false,
      );
      seen.set(key, index);
    }
  });
  expect(seen.size).toBe(Object.keys(store.getState()).length);
});
