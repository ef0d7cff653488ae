// The MCP Apps view policy (issue 23): no network unless the resource names origins, never wider
// than it named, and every entry that would widen it refused with why.
import { describe, expect, it } from 'vitest';
import { parseCsp } from '../../../../electron/core/security/csp';
import {
  checkCspSource,
  checkViewCsp,
  MAX_CSP_ENTRIES,
  viewContentSecurityPolicy,
} from '../../../../electron/core/security/view-csp';

const APP = 'app://lena';
const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

describe('checkCspSource', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['HTTPS://API.Example.com/', 'https://api.example.com'],
    ['wss://live.example.com:8443', 'wss://live.example.com:8443'],
    ['https://*.example.com', 'https://*.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['ws://127.0.0.1:9000', 'ws://127.0.0.1:9000'],
  ])('keeps %s as %s', (value, source) => {
    expect(checkCspSource(value)).toEqual({ ok: true, source });
  });

  it.each([
    ['*', /every site/],
    ['https:', /every site/],
    ['data:', /every site/],
    ["'unsafe-eval'", /quote/],
    ['https://a.example.com https://b.example.com', /space/],
    ['https://a.example.com;script-src *', /semicolon/],
    ['https://*', /not a domain/],
    ['https://*.com', /not a domain|too wide/],
    ['https://example.com/path', /no path/],
    ['https://user:pw@example.com', /not an origin|not a domain/],
    ['http://example.com', /only for this computer/],
    ['ftp://example.com', /not allowed/],
    ['javascript://example.com', /not allowed/],
    ['https://exa mple.com', /space/],
    ['https://example.com:99999', /out of range/],
    ['', /empty/],
  ])('refuses %s', (value, reason) => {
    const checked = checkCspSource(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(reason);
  });

  it('refuses what is not a string', () => {
    expect(checkCspSource(42)).toEqual({ ok: false, reason: 'not a string' });
  });
});

describe('checkViewCsp', () => {
  it('keeps good entries, deduplicated and lowercased, and lists the refused ones with why', () => {
    const { kept, rejected } = checkViewCsp({
      connectDomains: ['https://api.example.com', 'HTTPS://api.example.com', '*'],
      resourceDomains: ['https://cdn.example.com', 'https:'],
      frameDomains: 'https://video.example.com',
    });
    expect(kept).toEqual({
      ...none,
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example.com'],
    });
    expect(rejected.map((r) => r.value)).toEqual([
      '*',
      'https:',
      'frameDomains: "https://video.example.com"',
    ]);
  });

  it('grants nothing for a missing or malformed csp', () => {
    expect(checkViewCsp(undefined)).toEqual({ kept: none, rejected: [] });
    expect(checkViewCsp('https://x.example.com').kept).toEqual(none);
  });

  it(`keeps at most ${MAX_CSP_ENTRIES} entries per list`, () => {
    const many = Array.from({ length: MAX_CSP_ENTRIES + 3 }, (_, i) => `https://h${i}.example.com`);
    const { kept, rejected } = checkViewCsp({ connectDomains: many });
    expect(kept.connectDomains).toHaveLength(MAX_CSP_ENTRIES);
    expect(rejected).toHaveLength(3);
  });
});

describe('viewContentSecurityPolicy', () => {
  it('allows no network at all by default and only the app may frame it', () => {
    expect(viewContentSecurityPolicy(none, APP)).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; media-src 'self' data: blob:; connect-src 'none'; frame-src 'none'; base-uri 'none'; " +
        "object-src 'none'; form-action 'none'; frame-ancestors app://lena; require-trusted-types-for 'script'",
    );
  });

  it('adds exactly the origins asked for, each where it belongs, and never eval or a wildcard', () => {
    const { kept } = checkViewCsp({
      connectDomains: ['https://api.example.com', '*'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://video.example.com'],
    });
    const csp = parseCsp(viewContentSecurityPolicy(kept, APP));
    expect(csp.get('connect-src')).toEqual(['https://api.example.com']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://*.cdn.example.com',
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.cdn.example.com']);
    expect(csp.get('frame-src')).toEqual(['https://video.example.com']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    for (const [, sources] of csp) {
      expect(sources).not.toContain('*');
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('https:');
    }
  });
});
