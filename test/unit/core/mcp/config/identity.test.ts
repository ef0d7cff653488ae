import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../../../../electron/core/base/stable-json';
import {
  entryHash,
  IDENTITY_PREFIX,
  isLegacyIdentity,
  launchIdentity,
  legacyLaunchIdentity,
} from '../../../../../electron/core/mcp/config/identity';

describe('launchIdentity and entryHash', () => {
  const entry = { command: 'npx', args: ['-y', 'srv'], env: { A: '1' }, timeout: 10 };

  it('do not depend on key order', () => {
    const reordered = { timeout: 10, env: { A: '1' }, args: ['-y', 'srv'], command: 'npx' };
    expect(entryHash(reordered)).toBe(entryHash(entry));
    expect(launchIdentity(reordered)).toBe(launchIdentity(entry));
    expect(stableStringify({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}',
    );
  });

  it('the launch identity covers the whole launch entry (env and headers too), not disabled or timeouts', () => {
    const base = launchIdentity(entry);
    expect(launchIdentity({ ...entry, timeout: 99, startupTimeout: 5, disabled: true })).toBe(base);
    expect(launchIdentity({ ...entry, env: { A: '2' } })).not.toBe(base);
    expect(launchIdentity({ ...entry, env: { A: '1', NODE_OPTIONS: '--require x' } })).not.toBe(
      base,
    );
    expect(launchIdentity({ ...entry, command: 'node' })).not.toBe(base);
    expect(launchIdentity({ ...entry, args: ['-y', 'other'] })).not.toBe(base);
    expect(launchIdentity({ ...entry, cwd: '/tmp' })).not.toBe(base);
    expect(launchIdentity({ url: 'https://a/mcp' })).not.toBe(
      launchIdentity({ url: 'https://b/mcp' }),
    );
    expect(launchIdentity({ url: 'https://a/mcp', headers: { A: '1' } })).not.toBe(
      launchIdentity({ url: 'https://a/mcp', headers: { A: '2' } }),
    );
  });

  it('is bound to the scope: the same entry in a project is another server, and each project its own', () => {
    const user = launchIdentity(entry, { scope: 'user' });
    expect(launchIdentity(entry, { scope: 'explicit', file: '/x/servers.json' })).toBe(user);
    expect(launchIdentity(entry, { scope: 'project', file: '/a/.mcp.json' })).not.toBe(user);
    expect(launchIdentity(entry, { scope: 'project', file: '/a/.mcp.json' })).not.toBe(
      launchIdentity(entry, { scope: 'project', file: '/b/.mcp.json' }),
    );
    expect(user.startsWith(IDENTITY_PREFIX)).toBe(true);
    // The v1 identity is kept only to re-bind old records; it ignored env, which is why it changed.
    expect(legacyLaunchIdentity({ ...entry, env: { A: '2' } })).toBe(legacyLaunchIdentity(entry));
    expect(isLegacyIdentity(legacyLaunchIdentity(entry))).toBe(true);
  });

  it('the entry hash changes with any field, unknown ones included', () => {
    const base = entryHash(entry);
    expect(entryHash({ ...entry, env: { A: '2' } })).not.toBe(base);
    expect(entryHash({ ...entry, note: 'x' })).not.toBe(base);
    expect(entryHash(entry)).toMatch(/^[0-9a-f]{64}$/);
  });
});
