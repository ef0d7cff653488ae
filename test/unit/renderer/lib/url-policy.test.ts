import { describe, expect, it } from 'vitest';
import {
  blockedImageLabel,
  isInlineImage,
  safeLinkHref,
} from '../../../../renderer/lib/url-policy';

describe('markdown URL policy', () => {
  it('keeps https links clickable', () => {
    expect(safeLinkHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
  });
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'file:///etc/passwd',
    'smb://host/share',
    'http://example.com',
    'data:text/html,<script>',
    'vbscript:x',
    '/relative',
    '#frag',
    '',
  ])('refuses %j', (href) => expect(safeLinkHref(href)).toBeNull());
  it('refuses https links that carry credentials', () => {
    expect(safeLinkHref('https://user:pass@example.com/')).toBeNull();
  });
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
