// Editing a server's entry changes its identity, the key of everything the user set for it. Edited
// in the window (servers:update), the folders, sampling answer, log level, tool switches, pins and
// baseline follow the entry; edited in the file outside Lena, they stay under the previous entry,
// kept and not applied, the user is told, and servers:confirm carries them over.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerAsksView, ServerStatus } from '../../../../shared/server-types';
import { MEMORY, newHost, type HostUnderTest } from './host-harness';

/** Servers start as child processes: on a loaded machine that takes seconds. */
const STARTING = { timeout: 15_000 };

type Runtime = Awaited<ReturnType<HostUnderTest['host']['services']>>['runtime'];

/** A user server `notes` with a root, sampling "always", log level debug and a tool switched off. */
async function configured(prefix: string) {
  const h = newHost(prefix);
  const entry = (file: string) => ({
    command: process.execPath,
    args: [MEMORY],
    env: { MEMORY_FILE_PATH: join(h.home, file) },
  });
  await h.call('servers:add', { name: 'notes', entry: entry('a.jsonl') });
  await expect
    .poll(async () => (await h.call<ServerStatus[]>('servers:list'))[0].status, STARTING)
    .toBe('connected');
  await h.call('servers:set-asks', { name: 'notes', roots: [h.home], sampling: 'always' });
  await h.call('servers:set-log-level', { name: 'notes', level: 'debug' });
  await h.call('servers:set-tool-enabled', {
    server: 'notes',
    tool: 'delete_entities',
    enabled: false,
  });
  const runtime = (await h.host.services()).runtime;
  return { h, runtime, entry, before: runtime.settingsKey('notes') };
}

/** Which of the server's own records apply under its key as configured now. */
async function applied(h: HostUnderTest, runtime: Runtime) {
  const key = runtime.settingsKey('notes');
  const asks = await h.call<ServerAsksView>('servers:asks', { name: 'notes' });
  return {
    roots: asks.roots,
    sampling: asks.sampling,
    logLevel: runtime.settings.current.servers[key]?.logLevel,
    switchedOff: runtime.registry.isDisabled('mcp__notes__delete_entities'),
    pinned: runtime.pins.serverKeys().includes(key),
  };
}

const everything = (home: string) => ({
  roots: [home],
  sampling: 'always',
  logLevel: 'debug',
  switchedOff: true,
  pinned: true,
});

describe('editing a server entry', () => {
  it('through Lena (servers:update): everything set for the server follows the new entry', async () => {
    const { h, runtime, entry, before } = await configured('lena-record-moves-');
    expect(await applied(h, runtime)).toEqual(everything(h.home));

    const updated = await h.call<ServerStatus>('servers:update', {
      name: 'notes',
      entry: entry('b.jsonl'),
    });
    expect(updated.suspended).toBeNull();
    const after = runtime.settingsKey('notes');
    expect(after).not.toBe(before);
    await expect
      .poll(async () => (await h.call<ServerStatus[]>('servers:list'))[0].status, STARTING)
      .toBe('connected');
    expect(await applied(h, runtime)).toEqual(everything(h.home));
    // Moved, not copied: nothing is left under the previous identity, and nothing was reported.
    expect(runtime.settings.current.servers[before]).toBeUndefined();
    expect(runtime.pins.serverKeys()).not.toContain(before);
    expect(runtime.notices.map((n) => n.message).join('\n')).not.toMatch(/outside Lena/);
  });

  it('outside Lena: the records are kept under the previous entry, said once, and carried over on confirm', async () => {
    const { h, runtime, entry, before } = await configured('lena-record-kept-');
    const kept = runtime.settings.current.servers[before];
    writeFileSync(
      join(h.home, 'mcp.json'),
      JSON.stringify({ mcpServers: { notes: entry('b.jsonl') } }),
    );
    await h.call('servers:reload');
    await expect.poll(() => runtime.settingsKey('notes'), STARTING).not.toBe(before);
    await expect
      .poll(async () => (await h.call<ServerStatus[]>('servers:list'))[0], STARTING)
      .toMatchObject({ status: 'connected' });

    // Not applied to the edited entry, never lost, and the user is told where they are.
    const now = await applied(h, runtime);
    expect(now).toMatchObject({ roots: [], sampling: 'ask', switchedOff: false, pinned: false });
    expect(runtime.settings.current.servers[before]).toEqual(kept);
    expect(runtime.pins.serverKeys()).toContain(before);
    const notices = runtime.notices.filter((n) => /changed outside Lena/.test(n.message));
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain(before);
    expect(notices[0].message).toMatch(/settings\.json, pins\.json, tool-baselines\.json/);
    const status = (await h.call<ServerStatus[]>('servers:list'))[0];
    expect(status.suspended).toMatch(/changed outside Lena/);

    const confirmed = await h.call<ServerStatus>('servers:confirm', { name: 'notes' });
    expect(confirmed.suspended).toBeNull();
    await expect
      .poll(async () => (await h.call<ServerStatus[]>('servers:list'))[0].status, STARTING)
      .toBe('connected');
    expect(await applied(h, runtime)).toEqual(everything(h.home));
    expect(runtime.settings.current.servers[before]).toBeUndefined();
  });
});
