// Navigation, new windows, external links, permissions and the IPC sender check
// (RELIABILITY.md security cases 2 and 4).
import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  isTrustedSender,
  navigationDecision,
  permissionDecision,
  windowOpenDecision,
} from '../../../../electron/core/security/navigation';

const origins = [APP_ORIGIN];

describe('navigationDecision', () => {
  it('allows navigation inside the app', () => {
    expect(navigationDecision('app://lena/index.html', origins)).toBe('allow');
    expect(navigationDecision('app://lena/settings#x', origins)).toBe('allow');
  });

  it.each([
    'https://example.com/',
    'http://lena/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'app://evil/index.html',
    'data:text/html,<script>1</script>',
    'not a url',
  ])('denies %s', (url) => {
    expect(navigationDecision(url, origins)).toBe('deny');
  });

  it('accepts the dev server origin only when it is listed', () => {
    expect(navigationDecision('http://localhost:5173/', origins)).toBe('deny');
    expect(
      navigationDecision('http://localhost:5173/', [...origins, 'http://localhost:5173']),
    ).toBe('allow');
  });
});

describe('window.open and external links', () => {
  it('never opens a window', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' });
  });
});

describe('permissionDecision', () => {
  it('denies what the app does not use, even to its own origin', () => {
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'openExternal',
      'clipboard-read',
      'fullscreen',
    ]) {
      expect(permissionDecision(p, 'app://lena/index.html', origins)).toBe(false);
    }
  });

  it('grants sanitized clipboard writes to the app only', () => {
    expect(permissionDecision('clipboard-sanitized-write', 'app://lena/index.html', origins)).toBe(
      true,
    );
    expect(permissionDecision('clipboard-sanitized-write', 'https://evil.example/', origins)).toBe(
      false,
    );
  });
});

describe('isTrustedSender', () => {
  const expected = { webContentsId: 7, appOrigins: origins };

  it("accepts the window's own main frame on the app origin", () => {
    expect(
      isTrustedSender(
        { frameUrl: 'app://lena/index.html', isMainFrame: true, webContentsId: 7 },
        expected,
      ),
    ).toBe(true);
  });

  it('rejects a sub-frame, another origin, another window and a vanished frame', () => {
    expect(
      isTrustedSender(
        { frameUrl: 'app://lena/index.html', isMainFrame: false, webContentsId: 7 },
        expected,
      ),
    ).toBe(false);
    expect(
      isTrustedSender(
        { frameUrl: 'https://evil.example/', isMainFrame: true, webContentsId: 7 },
        expected,
      ),
    ).toBe(false);
    expect(
      isTrustedSender(
        { frameUrl: 'app://lena/index.html', isMainFrame: true, webContentsId: 8 },
        expected,
      ),
    ).toBe(false);
    expect(isTrustedSender({ frameUrl: null, isMainFrame: true, webContentsId: 7 }, expected)).toBe(
      false,
    );
  });
});
