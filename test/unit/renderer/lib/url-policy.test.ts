import { describe, expect, it } from 'vitest';
import { blockedImageLabel, isInlineImage } from '../../../../renderer/lib/url-policy';

describe('markdown image policy', () => {
  it('loads only inline base64 images, never remote ones', () => {
    expect(isInlineImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isInlineImage('https://x/?q=secret')).toBe(false);
    expect(isInlineImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isInlineImage('//x/y.png')).toBe(false);
  });
  it('says which image was blocked', () => {
    expect(blockedImageLabel('https://x/?q=secret', '')).toBe(
      'Remote image blocked: https://x/?q=secret',
    );
    expect(blockedImageLabel('https://x/a.png', 'chart')).toContain('chart');
  });
});
