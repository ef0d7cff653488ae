// The Content-Security-Policy: a test fails if any directive is loosened.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseCsp } from '../../../../electron/core/security/csp';

const REMOTE = /^(https?:|wss?:\/\/(?!localhost|127\.0\.0\.1)|\*$)/;

describe.each([false, true])('contentSecurityPolicy (dev: %s)', (dev) => {
  const csp = parseCsp(contentSecurityPolicy({ dev }));

  it("restricts everything to 'self' by default", () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('allows no inline script, no eval and no remote script', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('allows images only from the app, data: and blob:', () => {
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('makes no remote connections', () => {
    for (const source of csp.get('connect-src') ?? []) expect(source).not.toMatch(REMOTE);
    for (const [, sources] of csp) {
      for (const s of sources) {
        expect(s).not.toBe('*');
        expect(s).not.toMatch(/^https?:/);
        expect(s).not.toBe("'unsafe-eval'");
      }
    }
  });

  it('forbids plugins, frames other than the MCP Apps proxy, base-uri changes and form posts', () => {
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(['lena-view:']);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

it('opens only a local websocket for HMR in development', () => {
  const dev = parseCsp(contentSecurityPolicy({ dev: true }));
  const prod = parseCsp(contentSecurityPolicy());
  expect(prod.get('connect-src')).toEqual(["'self'"]);
  expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*']);
});

// The one change MCP Apps made (issue 23): frame-src names the sandbox proxy's origin, nothing else.
it("is exactly this policy, in Electron and with the harness's proxy origin", () => {
  const rest =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
    "media-src 'self' data: blob:; connect-src 'self'; object-src 'none'; frame-src FRAMES; worker-src 'self' blob:; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  expect(contentSecurityPolicy()).toBe(rest.replace('FRAMES', 'lena-view:'));
  expect(contentSecurityPolicy({ viewOrigin: 'http://127.0.0.1:4321' })).toBe(
    rest.replace('FRAMES', 'http://127.0.0.1:4321'),
  );
});
