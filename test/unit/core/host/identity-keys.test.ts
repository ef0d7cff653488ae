// One server identity keys every per-server record (scope + a hash of the launch entry; a name is a
// label). A home written before (test/fixtures/homes/v3) loses nothing the user approved or trusted:
// its bare-name records move once to the user server of that name, a project server of the same
// name gets none of them, and a name with no user entry keeps its records untouched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootsFor } from '../../../../electron/core/host/feature-ports';
import { serverIdentity } from '../../../../electron/core/host/wiring';
import { isServerKey } from '../../../../electron/core/mcp/config/identity';
import { trustStatus } from '../../../../electron/core/permissions/trust';
import { copyFixtureHome, startRuntime } from '../permissions/fixture-home';
import { tool } from '../permissions/requests';

const readGraph = tool('read_graph', {
  description: 'Read the whole knowledge graph',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
});
const json = (home: string, file: string) =>
  JSON.parse(readFileSync(join(home, file), 'utf8')) as Record<string, unknown>;
const serverKeys = (home: string, file: string) =>
  Object.keys(
    file === 'sampling-usage.json' ? json(home, file) : (json(home, file).servers as object),
  );

describe('a home whose per-server records are keyed by bare name (v3)', () => {
  it('keeps trust, switches, sampling "always", roots, pins, baseline and usage for the user server, and gives a same-named project server none', async () => {
    const { home, project } = copyFixtureHome('v3');
    const gone = {
      settings: (json(home, 'settings.json').servers as Record<string, unknown>).gone,
      pins: (json(home, 'pins.json').servers as Record<string, unknown>).gone,
      baselines: (json(home, 'tool-baselines.json').servers as Record<string, unknown>).gone,
    };

    const user = await startRuntime(home);
    const key = user.settingsKey('notes');
    expect(key).toMatch(/^notes@user:[0-9a-f]{16}$/);
    expect(user.recordMoves.map((m) => `${m.file} ${m.from} → ${m.to}`)).toEqual([
      `settings.json notes → ${key}`,
      `settings.json web → ${user.settingsKey('web')}`,
      `sampling-usage.json notes → ${key}`,
      `pins.json notes → ${key}`,
      `tool-baselines.json notes → ${key}`,
    ]);
    expect(
      trustStatus(user.permissions.current(), serverIdentity(user.manager, 'notes')).trusted,
    ).toBe(true);
    const own = user.settings.current.servers[key];
    expect(own).toEqual({
      roots: ['/home/me/notes'],
      sampling: 'always',
      disabledTools: ['delete_entities'],
      logLevel: 'debug',
    });
    expect(user.settings.current.servers[user.settingsKey('web')]).toEqual({ sampling: 'always' });
    expect(rootsFor(key, null, user.settings).map((r) => r.uri)).toEqual(['file:///home/me/notes']);
    expect(user.registry.isDisabled('mcp__notes__delete_entities')).toBe(true);
    expect(user.pins.check(key, readGraph).status).toBe('pinned');
    const facts = user.permissions.acceptance!.facts('notes');
    expect(facts.baseline?.state).toBe('sealed');
    expect(facts.rejected('delete_entities')).toMatch(/^sha256:/);
    expect(user.samplingUsage.get(key)).toMatchObject({ requests: 1, inputTokens: 120 });
    await user.close();

    // No bare name of a user server is left; `gone` has no user entry and is kept as it was.
    for (const file of ['settings.json', 'pins.json', 'tool-baselines.json', 'sampling-usage.json'])
      expect(serverKeys(home, file).filter((k) => !isServerKey(k))).toEqual(
        file === 'sampling-usage.json' ? [] : ['gone'],
      );
    expect((json(home, 'settings.json').servers as Record<string, unknown>).gone).toEqual(
      gone.settings,
    );
    expect((json(home, 'pins.json').servers as Record<string, unknown>).gone).toEqual(gone.pins);
    expect((json(home, 'tool-baselines.json').servers as Record<string, unknown>).gone).toEqual(
      gone.baselines,
    );

    // The project's own `notes` replaces the user's while the project is open: it inherits nothing,
    // and a second start moves nothing (the move happens once).
    const shadowed = await startRuntime(home, project);
    expect(shadowed.recordMoves).toEqual([]);
    const projectKey = shadowed.settingsKey('notes');
    expect(projectKey).toMatch(/^notes@project:[0-9a-f]{16}$/);
    expect(shadowed.settings.current.servers[projectKey]).toBeUndefined();
    expect(
      trustStatus(shadowed.permissions.current(), serverIdentity(shadowed.manager, 'notes'))
        .trusted,
    ).toBe(false);
    expect(rootsFor(projectKey, null, shadowed.settings)).toEqual([]);
    expect(shadowed.pins.check(projectKey, readGraph).status).toBe('unpinned');
    expect(shadowed.permissions.acceptance!.facts('notes').baseline).toBeUndefined();
    expect(shadowed.permissions.acceptance!.facts('notes').rejected('delete_entities')).toBe(
      undefined,
    );
    expect(shadowed.samplingUsage.get(projectKey)).toBeNull();
  });
});
