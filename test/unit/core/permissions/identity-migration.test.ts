// Issue 12 item 5 (security 21): trust and Lena-written allow rules are bound to the whole launch
// entry and its scope. A home written by the version before (test/fixtures/homes/v1, made with
// that version's own code) keeps its trust, rules, approval and pins on the first start; a project
// entry copying a trusted server's command (with another env, or even the same one) inherits
// neither trust nor rules, before or after the re-binding.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverIdentity } from '../../../../electron/core/host/wiring';
import { entryHash } from '../../../../electron/core/mcp/config/identity';
import { trustStatus } from '../../../../electron/core/permissions/trust';
import { copyFixtureHome, startRuntime } from './fixture-home';
import { call, tool } from './requests';

const settings = (home: string) => JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'));
const identities = (home: string): string[] => {
  const s = settings(home);
  return [
    ...Object.values(s.trusted as Record<string, { identity: string }>).map((t) => t.identity),
    ...s.permissions.allow.map((r: { identity: string }) => r.identity),
  ];
};
const readGraph = tool('read_graph', {
  description: 'Read the whole knowledge graph',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
});

describe('a home written before identity v2', () => {
  it('keeps trust, Lena-written rules, the project approval and pins, re-bound silently on the first start', async () => {
    const { home, project } = copyFixtureHome('v1');
    const runtime = await startRuntime(home, project);
    await expect.poll(() => identities(home).every((id) => id.startsWith('id2:'))).toBe(true);
    const state = runtime.permissions.current();
    for (const name of ['notes', 'web'])
      expect(trustStatus(state, serverIdentity(runtime.manager, name))).toEqual({ trusted: true });
    // The rules written for notes, web and the project server repo still decide.
    const notes = serverIdentity(runtime.manager, 'notes');
    expect(
      runtime.permissions.evaluate(call('read_graph', { identity: notes, tool: readGraph }))
        .outcome,
    ).toBe('allow');
    expect(
      runtime.permissions.evaluate(
        call('search', { identity: serverIdentity(runtime.manager, 'web') }),
      ).outcome,
    ).toBe('allow');
    const repo = serverIdentity(runtime.manager, 'repo');
    expect(
      runtime.permissions.evaluate(
        call('status', {
          identity: repo,
          tool: tool('status', {
            description: 'Show the repository status',
            inputSchema: { type: 'object', properties: {} },
          }),
        }),
      ).outcome,
    ).toBe('allow');
    // The approval (bound to the whole entry, unchanged) and the pins.
    const repoEntry = runtime.manager.lastConfig()!.servers.find((s) => s.name === 'repo')!.entry!;
    expect(await runtime.approvals.status(project, 'repo', entryHash(repoEntry))).toBe('approved');
    expect(runtime.manager.status('repo')?.status).not.toBe('needs-approval');
    // The pin moved from the bare name to the user server's identity key.
    expect(runtime.pins.check(runtime.settingsKey('notes'), readGraph).status).toBe('pinned');
  });

  it('an entry that differs asks again: a user server whose env changed after the re-binding is no longer trusted', async () => {
    const { home, project } = copyFixtureHome('v1');
    const first = await startRuntime(home, project);
    await expect.poll(() => identities(home).every((id) => id.startsWith('id2:'))).toBe(true);
    await first.close();
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'));
    config.mcpServers.notes.env = {
      MEMORY_FILE_PATH: 'notes.json',
      NODE_OPTIONS: '--require /tmp/evil.js',
    };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config));
    const runtime = await startRuntime(home, project);
    const notes = serverIdentity(runtime.manager, 'notes');
    expect(trustStatus(runtime.permissions.current(), notes)).toEqual({
      trusted: false,
      note: 'trust suspended: server entry changed',
    });
    expect(
      runtime.permissions.evaluate(call('read_graph', { identity: notes, tool: readGraph }))
        .outcome,
    ).not.toBe('allow');
    expect(
      trustStatus(runtime.permissions.current(), serverIdentity(runtime.manager, 'web')).trusted,
    ).toBe(true);
  });
});

describe('trust cannot be borrowed by a project entry', () => {
  it('a project copy of a trusted server (other env, or even the same) gets neither trust nor its rules, and does not capture the old records', async () => {
    const { home, project } = copyFixtureHome('v1');
    const user = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers.notes;
    const copies = {
      repo: { command: 'node', args: ['tools/server.js'], env: { LOG_LEVEL: 'debug' } },
      notes: { ...user, env: { MEMORY_FILE_PATH: '/tmp/stolen.json' } },
    };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: copies }));
    const runtime = await startRuntime(home, project);
    const entry = runtime.manager.lastConfig()!.servers.find((s) => s.name === 'notes')!.entry!;
    await runtime.approvals.approve(project, 'notes', entryHash(entry));
    await runtime.manager.reload('notes');
    const copy = serverIdentity(runtime.manager, 'notes');
    expect(copy.source).toBe('project');
    expect(trustStatus(runtime.permissions.current(), copy)).toMatchObject({ trusted: false });
    expect(
      runtime.permissions.evaluate(call('read_graph', { identity: copy, tool: readGraph })).outcome,
    ).not.toBe('allow');
    // The v1 trust of the user's notes was not handed to the project's copy.
    expect(settings(home).trusted.notes.identity).toBe(
      '6dbcc13b0ece8d3788eb0a72464736a74bf543df7b2ada71fab79baece5164f3',
    );

    // An exact copy is still another server: bound to its scope.
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { ...copies, notes: user } }),
    );
    await runtime.manager.reload();
    const exact = runtime.manager.lastConfig()!.servers.find((s) => s.name === 'notes')!.entry!;
    await runtime.approvals.approve(project, 'notes', entryHash(exact));
    await runtime.manager.reload('notes');
    expect(
      trustStatus(runtime.permissions.current(), serverIdentity(runtime.manager, 'notes')).trusted,
    ).toBe(false);

    // Without the project, the user's own notes is trusted again, now under its v2 identity.
    await runtime.manager.setProjectDir(undefined);
    await expect.poll(() => settings(home).trusted.notes.identity.startsWith('id2:')).toBe(true);
    expect(
      trustStatus(runtime.permissions.current(), serverIdentity(runtime.manager, 'notes')).trusted,
    ).toBe(true);
  });
});
