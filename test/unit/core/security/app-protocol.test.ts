// app://lena/ serves only files inside the built renderer: traversal in every spelling is refused.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppRequest } from '../../../../electron/core/security/app-protocol';

const root = resolve('/srv/lena/renderer');

describe('resolveAppRequest', () => {
  it('serves index.html for the root and files under the renderer folder', () => {
    expect(resolveAppRequest(root, 'app://lena/')).toEqual({
      ok: true,
      file: join(root, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
    });
    expect(resolveAppRequest(root, 'app://lena/assets/index-abc.js')).toMatchObject({
      ok: true,
      file: join(root, 'assets/index-abc.js'),
      mimeType: 'text/javascript; charset=utf-8',
    });
  });

  it.each(['app://lena/../../etc/passwd', 'app://lena/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the renderer folder (the URL parser folds the dots)',
    (url) => {
      const r = resolveAppRequest(root, url);
      expect(r.ok && r.file.startsWith(root + '/')).toBe(true);
    },
  );

  it.each([
    'app://lena/assets/%2e%2e%2f%2e%2e%2fsecret',
    'app://lena/..%5c..%5cwindows',
    'app://lena/assets/%00.js',
  ])('refuses traversal %s', (url) => {
    const r = resolveAppRequest(root, url);
    expect(r.ok).toBe(false);
  });

  it('refuses other hosts and schemes', () => {
    expect(resolveAppRequest(root, 'app://evil/index.html')).toEqual({ ok: false, status: 403 });
    expect(resolveAppRequest(root, 'file:///srv/lena/renderer/index.html')).toEqual({
      ok: false,
      status: 403,
    });
    expect(resolveAppRequest(root, '::')).toEqual({ ok: false, status: 400 });
  });
});
