// "Allow this domain" and "Allow a folder" as edits of the entry's sandbox policy: what is added,
// what the default keeps, and what is refused (a remote or unsandboxed entry, a bad domain, a
// relative folder).
import { describe, expect, it } from 'vitest';
import { withSandboxGrant } from '../../../../../electron/core/mcp/config/sandbox-grant';

const local = { command: 'node', args: ['server.js'] };

describe('a sandbox grant edits the entry', () => {
  it('a default sandbox gets a policy of its own; the working folder stays writable', () => {
    expect(
      withSandboxGrant({ ...local, sandbox: true }, 'user', { domain: 'api.example.com' }),
    ).toEqual({
      ...local,
      sandbox: { network: { allowedDomains: ['api.example.com'] } },
    });
    // A project entry without the field runs in the default sandbox: the same edit applies.
    expect(withSandboxGrant(local, 'project', { folder: '~/notes/' }).sandbox).toEqual({
      filesystem: { allowWrite: ['.', '~/notes'] },
    });
  });

  it("an entry's own policy keeps its lists and gains the grant once", () => {
    const own = {
      ...local,
      sandbox: {
        filesystem: { allowWrite: ['~/a'], denyRead: ['~/secret'] },
        network: { allowedDomains: ['a.example.com'], deniedDomains: ['ads.example.com'] },
      },
    };
    const once = withSandboxGrant(own, 'user', { domain: 'b.example.com' });
    expect(withSandboxGrant(once, 'user', { domain: 'b.example.com' })).toEqual(once);
    expect(withSandboxGrant(once, 'user', { folder: '/data' }).sandbox).toEqual({
      filesystem: { allowWrite: ['~/a', '/data'], denyRead: ['~/secret'] },
      network: {
        allowedDomains: ['a.example.com', 'b.example.com'],
        deniedDomains: ['ads.example.com'],
      },
    });
    // The entry it was given is not changed.
    expect(own.sandbox.network.allowedDomains).toEqual(['a.example.com']);
  });

  it('refuses what cannot be allowed', () => {
    expect(() =>
      withSandboxGrant({ url: 'https://x.example.com/mcp' }, 'user', { domain: 'a.b' }),
    ).toThrow(/remote server/);
    expect(() => withSandboxGrant(local, 'user', { domain: 'a.example.com' })).toThrow(
      /does not run in the sandbox/,
    );
    expect(() =>
      withSandboxGrant({ ...local, sandbox: false }, 'project', { folder: '/x' }),
    ).toThrow(/does not run in the sandbox/);
    for (const domain of ['*', 'localhost; rm -rf', 'com', '*.com'])
      expect(() => withSandboxGrant({ ...local, sandbox: true }, 'user', { domain })).toThrow(
        /not a domain the sandbox can allow/,
      );
    expect(() =>
      withSandboxGrant({ ...local, sandbox: true }, 'user', { folder: 'notes' }),
    ).toThrow(/not a full path/);
  });
});
