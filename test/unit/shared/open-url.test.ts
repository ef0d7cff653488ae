// The one rule for which addresses Lena opens in the system browser (RELIABILITY.md security 4
// and 22): Markdown links, main's window.open and navigation, a view's ui/open-link and a
// server's URL elicitation all ask it, so one address gets one answer everywhere.
import { describe, expect, it } from 'vitest';
import { MAX_URL_CHARS, openableHref, openableUrl } from '../../../shared/open-url';

describe('openable addresses', () => {
  it('opens https links as they are', () => {
    expect(openableHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(openableHref(' https://docs.anthropic.com/en/api ')).toBe(
      'https://docs.anthropic.com/en/api',
    );
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
    42,
    undefined,
    'not a url',
  ])('refuses %j', (href) => expect(openableHref(href)).toBeNull());

  it('refuses credentials, hidden characters and overlong addresses, saying why', () => {
    expect(openableUrl('https://user:pass@example.com/')).toEqual({
      refused: 'the address carries a user name or password',
    });
    for (const hidden of [
      'https://exa\u200bmple.com',
      'https://x.org/\u202egnp.exe',
      'https://x.org/a\nb',
    ])
      expect(openableUrl(hidden)).toEqual({
        refused: 'the address has hidden or control characters in it',
      });
    expect(openableHref('https://' + 'a'.repeat(3000) + '.com')).toBeNull();
    expect(openableHref(`https://x.org/${'a'.repeat(MAX_URL_CHARS - 20)}`)).not.toBeNull();
  });

  it('allows http only on this computer, and only when the caller says so', () => {
    expect(openableUrl('http://127.0.0.1:5000/cb', { localHttp: true })).toMatchObject({
      loopback: true,
    });
    expect(openableUrl('https://localhost:5000/cb')).toMatchObject({ loopback: true });
    expect(openableHref('http://127.0.0.1:5000/cb')).toBeNull();
    expect(openableUrl('http://example.com', { localHttp: true })).toEqual({
      refused: expect.stringContaining('not http://example.com'),
    });
    expect(openableUrl('file:///etc/passwd', { localHttp: true })).toEqual({
      refused: expect.stringContaining('file:'),
    });
  });
});
