import { describe, expect, it } from 'vitest';
import { canonicalJson, entryHash, launchIdentity } from '../../../../../electron/core/mcp/config/identity';

describe('launchIdentity and entryHash', () => {
  const entry = { command: 'npx', args: ['-y', 'srv'], env: { A: '1' }, timeout: 10 };

  it('do not depend on key order', () => {
    const reordered = { timeout: 10, env: { A: '1' }, args: ['-y', 'srv'], command: 'npx' };
    expect(entryHash(reordered)).toBe(entryHash(entry));
    expect(launchIdentity(reordered)).toBe(launchIdentity(entry));
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe('{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}');
  });

  it('the launch identity changes with command, args, cwd or url, not with env or timeouts', () => {
    const base = launchIdentity(entry);
    expect(launchIdentity({ ...entry, env: { A: '2' }, timeout: 99, disabled: true })).toBe(base);
    expect(launchIdentity({ ...entry, command: 'node' })).not.toBe(base);
    expect(launchIdentity({ ...entry, args: ['-y', 'other'] })).not.toBe(base);
    expect(launchIdentity({ ...entry, cwd: '/tmp' })).not.toBe(base);
    expect(launchIdentity({ url: 'https://a/mcp' })).not.toBe(launchIdentity({ url: 'https://b/mcp' }));
  });

  it('the entry hash changes with any field, unknown ones included', () => {
    const base = entryHash(entry);
    expect(entryHash({ ...entry, env: { A: '2' } })).not.toBe(base);
    expect(entryHash({ ...entry, note: 'x' })).not.toBe(base);
    expect(entryHash(entry)).toMatch(/^[0-9a-f]{64}$/);
  });
});
