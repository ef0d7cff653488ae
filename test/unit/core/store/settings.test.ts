import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLAUDE_MODELS,
  DEFAULT_SETTINGS,
  SettingsStore,
} from '../../../../electron/core/store/settings';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-settings-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const onDisk = () => JSON.parse(readFileSync(file, 'utf8'));

describe('SettingsStore', () => {
  it('uses the defaults when there is no file, and offers current models', async () => {
    const store = await SettingsStore.open(file);
    expect(store.current).toEqual(DEFAULT_SETTINGS);
    expect(store.issues).toEqual([]);
    expect(store.current.autoApproveReadOnlyTrusted).toBe(true);
    expect(CLAUDE_MODELS.map((m) => m.id)).toContain(DEFAULT_SETTINGS.model);
    expect(readdirSync(dir)).toEqual([]); // reading never creates the file
  });

  it('writes updates atomically, merging into what is on disk and keeping unknown keys', async () => {
    writeFileSync(
      file,
      JSON.stringify({
        model: 'my-proxy-model',
        futureKey: { a: 1 },
        permissions: { deny: ['mcp__fs__write_file'] },
      }),
    );
    const store = await SettingsStore.open(file);
    expect(store.current.model).toBe('my-proxy-model'); // free-form ids are fine
    await store.update({ maxRounds: 30, permissions: { allow: ['mcp__fs__read_file'] } });
    expect(onDisk()).toEqual({
      model: 'my-proxy-model',
      futureKey: { a: 1 },
      maxRounds: 30,
      permissions: { deny: ['mcp__fs__write_file'], allow: ['mcp__fs__read_file'] },
    });
    expect(store.current.permissions).toEqual({
      allow: ['mcp__fs__read_file'],
      ask: [],
      deny: ['mcp__fs__write_file'],
    });
  });

  it('picks up changes another process made before merging an update', async () => {
    const store = await SettingsStore.open(file);
    writeFileSync(file, JSON.stringify({ systemPrompt: 'written by lena chat' }));
    await store.update({ maxRounds: 5 });
    expect(onDisk()).toEqual({ systemPrompt: 'written by lena chat', maxRounds: 5 });
  });

  it('merges server settings per name and removes one with null', async () => {
    const store = await SettingsStore.open(file);
    await store.update({
      servers: { fs: { trusted: true, trustedIdentity: 'abc' }, web: { disabledTools: ['fetch'] } },
    });
    await store.update({ servers: { fs: { disabledTools: ['write_file'] }, web: null } });
    expect(store.current.servers).toEqual({
      fs: { trusted: true, trustedIdentity: 'abc', disabledTools: ['write_file'] },
    });
  });

  it('reports a file that is not JSON with line and column, uses the defaults, and never overwrites it', async () => {
    const broken = '{\n  "model": "claude-opus-5",\n  "maxTokens": 100,,\n}';
    writeFileSync(file, broken);
    const store = await SettingsStore.open(file);
    expect(store.current).toEqual(DEFAULT_SETTINGS);
    expect(store.issues[0]).toContain(file);
    expect(store.issues[0]).toContain('line 3, column 20');
    await expect(store.update({ theme: 'dark' })).rejects.toThrow(/not saved.*line 3, column 20/s);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });

  it('keeps the valid fields of a partly invalid file and names each invalid field', async () => {
    writeFileSync(
      file,
      JSON.stringify({
        model: 'claude-opus-5',
        maxRounds: 7000,
        baseUrl: 'file:///etc/passwd',
        permissions: { deny: ['mcp__x', 42], allow: 'mcp__y' },
        servers: { ok: { trusted: true }, bad: { trusted: 'yes' } },
      }),
    );
    const store = await SettingsStore.open(file);
    expect(store.current).toMatchObject({
      model: 'claude-opus-5',
      maxRounds: 25,
      baseUrl: null,
      permissions: { allow: [], ask: [], deny: ['mcp__x'] },
      servers: { ok: { trusted: true } },
    });
    const issues = store.issues.join('\n');
    for (const field of [
      'maxRounds',
      'baseUrl',
      'permissions.deny[1]',
      'permissions.allow',
      'servers.bad.trusted',
    ])
      expect(issues).toContain(field);
  });

  it('refuses a write that would leave problems, and accepts one that fixes them', async () => {
    writeFileSync(file, JSON.stringify({ maxRounds: 7000, extra: true }));
    const store = await SettingsStore.open(file);
    await expect(store.update({ theme: 'dark' })).rejects.toThrow(
      /would still have problems: .*maxRounds/,
    );
    expect(onDisk()).toEqual({ maxRounds: 7000, extra: true });
    await store.update({ maxRounds: 50 });
    expect(onDisk()).toEqual({ maxRounds: 50, extra: true });
    expect(store.issues).toEqual([]);
  });

  it('migrates a file that still sets temperature (refused by the API version Lena uses): removed, with a notice', async () => {
    writeFileSync(file, JSON.stringify({ temperature: 0.2, model: 'claude-opus-5', extra: true }));
    const store = await SettingsStore.open(file);
    expect(onDisk()).toEqual({ model: 'claude-opus-5', extra: true });
    expect(store.issues).toEqual([]);
    expect(store.migrationNotices.join('\n')).toMatch(
      /"temperature" setting was removed.*no longer accepts temperature/,
    );
    expect(store.current).not.toHaveProperty('temperature');
    await store.update({ theme: 'dark' });
    expect(onDisk()).toEqual({ model: 'claude-opus-5', extra: true, theme: 'dark' });
  });

  it('serialises concurrent updates without losing any', async () => {
    const store = await SettingsStore.open(file);
    const seen: number[] = [];
    store.onChange((s) => seen.push(s.maxRounds));
    await Promise.all([
      store.update({ maxRounds: 3 }),
      store.update({ maxTokens: 1000 }),
      store.update({ theme: 'light' }),
    ]);
    expect(onDisk()).toEqual({ maxRounds: 3, maxTokens: 1000, theme: 'light' });
    expect(seen).toHaveLength(3);
  });

  it('reload() picks up a fixed file', async () => {
    writeFileSync(file, '{oops');
    const store = await SettingsStore.open(file);
    expect(store.issues).toHaveLength(1);
    writeFileSync(file, '{"theme":"dark"}');
    await store.reload();
    expect(store.issues).toEqual([]);
    expect(store.current.theme).toBe('dark');
  });
});
