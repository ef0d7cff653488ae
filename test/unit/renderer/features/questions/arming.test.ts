import { expect, it } from 'vitest';
import {
  armingDelayMs,
  DEFAULT_ARMING_MS,
} from '../../../../../renderer/features/questions/arming';

const stored = (value: string | null) => ({ getItem: () => value });

it('reads the arming delay from the window setting, with a production default between 500 and 1000 ms', () => {
  expect(DEFAULT_ARMING_MS).toBeGreaterThanOrEqual(500);
  expect(DEFAULT_ARMING_MS).toBeLessThanOrEqual(1000);
  expect(armingDelayMs(stored(null))).toBe(DEFAULT_ARMING_MS);
  expect(armingDelayMs(stored('0'))).toBe(0);
  expect(armingDelayMs(stored('600000'))).toBe(600_000);
  for (const bad of ['', 'soon', '-5', 'NaN'])
    expect(armingDelayMs(stored(bad))).toBe(DEFAULT_ARMING_MS);
  expect(
    armingDelayMs({
      getItem: () => {
        throw new Error('storage off');
      },
    }),
  ).toBe(DEFAULT_ARMING_MS);
});
