import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoreBounds } from '../../../../electron/core/desktop/window-bounds';

const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 1280, height: 1000 };

describe('restoreBounds', () => {
  it('puts the window back where it was, maximized or not', () => {
    const saved = { bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true };
    expect(restoreBounds(saved, [primary])).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: true,
      fullScreen: false,
    });
  });

  it('keeps a window on a second monitor while that monitor is there', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 900, height: 600 } };
    expect(restoreBounds(saved, [primary, right]).bounds).toEqual({
      x: 2000,
      y: 100,
      width: 900,
      height: 600,
    });
  });

  it('brings a window from an unplugged monitor back onto the primary display', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 900, height: 600 } };
    const restored = restoreBounds(saved, [primary]);
    expect(restored.bounds).toEqual({ width: 900, height: 600 });
  });

  it('never restores a title bar above the screen or a window larger than the display', () => {
    expect(
      restoreBounds({ bounds: { x: 10, y: -400, width: 900, height: 600 } }, [primary]).bounds,
    ).toEqual({ width: 900, height: 600 });
    const huge = restoreBounds({ bounds: { x: 0, y: 0, width: 5000, height: 3000 } }, [
      primary,
    ]).bounds;
    expect(huge).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it('pulls a window hanging off the right edge back inside', () => {
    const r = restoreBounds({ bounds: { x: 1500, y: 100, width: 1000, height: 700 } }, [
      primary,
    ]).bounds;
    expect(r).toEqual({ x: 920, y: 100, width: 1000, height: 700 });
  });

  it('falls back to the default size for missing or malformed state', () => {
    for (const saved of [
      undefined,
      null,
      'x',
      [],
      { bounds: { width: 'big' } },
      { bounds: { width: Number.NaN, height: 3 } },
    ]) {
      expect(restoreBounds(saved, [primary])).toEqual({
        bounds: { ...DEFAULT_SIZE },
        maximized: false,
        fullScreen: false,
      });
    }
  });

  it('enforces a minimum size', () => {
    expect(
      restoreBounds({ bounds: { x: 0, y: 0, width: 10, height: 10 } }, [primary]).bounds,
    ).toEqual({ x: 0, y: 0, width: 720, height: 480 });
  });
});
