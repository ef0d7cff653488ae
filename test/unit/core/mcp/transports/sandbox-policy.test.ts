// The sandbox policy of an entry: the default protections an explicit policy keeps, package
// runners, and the widening entries a project's approval flags.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSandbox } from '../../../../../electron/core/mcp/transports/sandbox/policy';
import { libraryFile } from '../../../../../electron/core/mcp/transports/sandbox/session';
import { riskFlags } from '../../../../../electron/core/permissions/risk-flags';
import { expandEntry } from '../../../../../electron/core/mcp/config/expand';

const home = mkdtempSync(join(tmpdir(), 'lena-sbx-policy-'));
mkdirSync(join(home, '.ssh'));
mkdirSync(join(home, '.aws'));
const ctx = {
  cwd: '/work/notes',
  home,
  lenaHome: join(home, '.lena'),
  tmpDir: '/tmp/own',
  command: 'node',
};

describe('sandbox policy', () => {
  it('defaults: writes to its folder and private temp only, credential folders hidden, no network', () => {
    const { settings } = resolveSandbox(true, ctx);
    expect(settings.filesystem.allowWrite).toEqual(['/tmp/own', '/work/notes']);
    expect(settings.filesystem.denyRead).toEqual([join(home, '.ssh'), join(home, '.aws')]);
    expect(settings.network.allowedDomains).toEqual([]);
  });

  it('an explicit policy keeps the credential protections and expands ~', () => {
    const { settings, notes } = resolveSandbox(
      { filesystem: { allowWrite: ['~/notes'], denyRead: ['~/private'] } },
      ctx,
    );
    expect(settings.filesystem.allowWrite).toEqual(['/tmp/own', join(home, 'notes')]);
    expect(settings.filesystem.denyRead).toContain(join(home, '.ssh'));
    expect(notes.join('\n')).toContain(`${join(home, 'private')} does not exist`);
  });

  it('npx keeps its cache and registry, and says so', () => {
    const { settings, notes } = resolveSandbox(true, { ...ctx, command: 'npx' });
    expect(settings.filesystem.allowWrite).toContain(join(home, '.npm'));
    expect(settings.network.allowedDomains).toEqual(['registry.npmjs.org']);
    expect(notes[0]).toContain('npx may write its cache');
  });

  it('flags widening entries in the approval', () => {
    const kinds = (sandbox: unknown) =>
      riskFlags({ command: 'node', sandbox } as never)
        .filter((f) => f.kind === 'sandbox-widening')
        .map((f) => f.where);
    expect(kinds(false)).toEqual(['sandbox']);
    expect(
      kinds({ filesystem: { allowWrite: ['~'] }, network: { allowedDomains: ['*'] } }),
    ).toEqual(['sandbox.filesystem.allowWrite[0]', 'sandbox.network.allowedDomains[0]']);
    expect(kinds(true)).toEqual([]);
  });

  it('a project entry without the field runs in the default sandbox; a user entry as written', async () => {
    const project = await expandEntry({ command: 'node' }, { grants: [] });
    const user = await expandEntry({ command: 'node' });
    expect(project.ok && project.launch.transport === 'stdio' && project.launch.sandbox).toBe(true);
    expect(user.ok && user.launch.transport === 'stdio' && user.launch.sandbox).toBeUndefined();
  });
});

describe('the sandbox library in a packaged app', () => {
  it('is imported from app.asar.unpacked where the package was unpacked, else where it resolved', () => {
    const base = mkdtempSync(join(tmpdir(), 'lena-asar-'));
    try {
      const inAsar = join(base, 'resources', 'app.asar', 'node_modules', 'srt', 'index.js');
      const unpacked = inAsar.replace('app.asar', 'app.asar.unpacked');
      expect(libraryFile(inAsar)).toBe(inAsar);
      mkdirSync(dirname(unpacked), { recursive: true });
      writeFileSync(unpacked, '');
      expect(libraryFile(inAsar)).toBe(unpacked);
      const plain = join(base, 'node_modules', 'srt', 'index.js');
      expect(libraryFile(plain)).toBe(plain);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
