import { describe, expect, it } from 'vitest';
import { windowTitle } from '../../../../electron/core/desktop/window-title';

describe('windowTitle', () => {
  it('shows the project folder’s name, or just Lena', () => {
    expect(windowTitle('/home/ada/work/site')).toBe('site — Lena');
    expect(windowTitle('C:\\Users\\ada\\proj\\')).toBe('proj — Lena');
    expect(windowTitle(null)).toBe('Lena');
  });
});
