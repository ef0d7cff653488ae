import { describe, expect, it } from 'vitest';
import {
  clampHeight,
  DEFAULT_VIEW_DEADLINE_MS,
  HEIGHT_LIMITS,
  MessageRate,
  viewDeadlineMs,
  VIEW_DEADLINE_STORAGE_KEY,
} from '../../../../../renderer/features/apps/view-limits';

describe('a view’s height', () => {
  it('is kept within the inline bounds', () => {
    expect(clampHeight(10, 'inline')).toBe(HEIGHT_LIMITS.inline.min);
    expect(clampHeight(100_000, 'inline')).toBe(HEIGHT_LIMITS.inline.max);
    expect(clampHeight(300.4, 'inline')).toBe(300);
  });

  it('starts at the initial height when the view asked for nothing usable', () => {
    expect(clampHeight(undefined, 'inline')).toBe(HEIGHT_LIMITS.inline.initial);
    expect(clampHeight(Number.NaN, 'inline')).toBe(HEIGHT_LIMITS.inline.initial);
    expect(clampHeight('900px', 'inline')).toBe(HEIGHT_LIMITS.inline.initial);
  });

  it('full width may take most of the window but not all of it', () => {
    expect(clampHeight(5000, 'fullscreen', 1000)).toBe(800);
    expect(clampHeight(5000, 'fullscreen')).toBe(HEIGHT_LIMITS.fullscreen.max);
  });
});

describe('the handshake deadline', () => {
  it('is the default unless the window setting gives a positive number', () => {
    const storage = (v: string | null) => ({
      getItem: (k: string) => (k === VIEW_DEADLINE_STORAGE_KEY ? v : null),
    });
    expect(viewDeadlineMs(storage(null))).toBe(DEFAULT_VIEW_DEADLINE_MS);
    expect(viewDeadlineMs(storage('nope'))).toBe(DEFAULT_VIEW_DEADLINE_MS);
    expect(viewDeadlineMs(storage('-5'))).toBe(DEFAULT_VIEW_DEADLINE_MS);
    expect(viewDeadlineMs(storage('1500'))).toBe(1500);
  });
});

describe('the message rate', () => {
  it('allows a steady view and stops a flood for good', () => {
    const rate = new MessageRate(3, 1000);
    expect([0, 10, 20].map((t) => rate.allow(t))).toEqual([true, true, true]);
    expect(rate.allow(30)).toBe(false);
    expect(rate.flooded).toBe(true);
    // Tripped: a quiet second later does not bring the view back.
    expect(rate.allow(5000)).toBe(false);
  });

  it('forgets messages older than its window', () => {
    const rate = new MessageRate(2, 1000);
    expect(rate.allow(0)).toBe(true);
    expect(rate.allow(500)).toBe(true);
    expect(rate.allow(1000)).toBe(true);
    expect(rate.allow(1600)).toBe(true);
    expect(rate.flooded).toBe(false);
  });
});
