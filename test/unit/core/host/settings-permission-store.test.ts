import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../electron/core/store/settings';
import { SettingsPermissionStore } from '../../../../electron/core/host/settings-permission-store';
import { tempHome } from './host-harness';

let dir: string;
let file: string;
beforeEach(() => {
  dir = tempHome('lena-perm-settings-');
  file = join(dir, 'settings.json');
});

const onDisk = () => JSON.parse(readFileSync(file, 'utf8'));

describe('SettingsPermissionStore', () => {
  it('round-trips the gate state through settings.json next to the other settings', async () => {
    writeFileSync(
      file,
      JSON.stringify({ model: 'claude-opus-5', permissions: { deny: ['mcp__fs__write_file'] } }),
    );
    const settings = await SettingsStore.open(file);
    const store = new SettingsPermissionStore(settings);
    const state = await store.load();
    expect(state.permissions.deny.map((e) => e.rule)).toEqual(['mcp__fs__write_file']);
    expect(state.autoApproveReadOnlyTrusted).toBe(true);

    state.permissions.allow.push({
      rule: 'mcp__fs__read_file',
      identity: 'h1',
      server: 'fs',
      tool: 'read_file',
    });
    state.trusted.fs = { identity: 'h1' };
    state.autoApproveReadOnlyTrusted = false;
    await store.save(state);

    expect(onDisk()).toMatchObject({
      model: 'claude-opus-5',
      permissions: {
        allow: [{ rule: 'mcp__fs__read_file', identity: 'h1' }],
        deny: [{ rule: 'mcp__fs__write_file' }],
      },
      trusted: { fs: { identity: 'h1' } },
      autoApproveReadOnlyTrusted: false,
    });
    // Rule objects are valid settings: ordinary updates still work and keep them.
    expect(settings.issues).toEqual([]);
    await settings.update({ theme: 'dark' });
    expect(onDisk().permissions.allow[0]).toMatchObject({ rule: 'mcp__fs__read_file' });
    expect((await new SettingsPermissionStore(settings).load()).trusted.fs.identity).toBe('h1');
  });

  it('keeps a broken settings.json where it is and refuses to save over it', async () => {
    writeFileSync(file, '{ "permissions": ');
    const settings = await SettingsStore.open(file);
    const store = new SettingsPermissionStore(settings);
    const state = await store.load();
    expect(state.permissions).toEqual({ allow: [], ask: [], deny: [] });
    expect(store.warnings.join('\n')).toContain('line 1');
    await expect(store.save(state)).rejects.toThrow(/not saved/);
    expect(readFileSync(file, 'utf8')).toBe('{ "permissions": ');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('does not lose a settings update made at the same time as a rule change', async () => {
    const settings = await SettingsStore.open(file);
    const store = new SettingsPermissionStore(settings);
    const state = await store.load();
    state.permissions.deny.push({ rule: 'mcp__web' });
    await Promise.all([
      store.save(state),
      settings.update({ maxRounds: 4 }),
      settings.update({ systemPrompt: 'hi' }),
    ]);
    expect(onDisk()).toMatchObject({
      maxRounds: 4,
      systemPrompt: 'hi',
      permissions: { deny: [{ rule: 'mcp__web' }] },
    });
  });
});
