// The manager against real child processes (test/fixtures/manager/peer.mjs): parallel start,
// failures with hints, crash loops, approvals, reloads that touch only what changed, calls to
// dead servers, and test connections (RELIABILITY.md faults 22-29).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager, type ManagerOptions } from '../../../../../electron/core/mcp/manager/manager';
import { defaultTransportFactory } from '../../../../../electron/core/mcp/manager/transport-factory';

const PEER = resolve(__dirname, '../../../../fixtures/manager/peer.mjs');
const dirs: string[] = [];
const managers: McpManager[] = [];

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'lena-manager-'));
  dirs.push(dir);
  return dir;
}

function peer(env: Record<string, string> = {}) {
  return { command: process.execPath, args: [PEER], env };
}

function spawns(file: string): number {
  return existsSync(file)
    ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).length
    : 0;
}

function makeManager(
  dir: string,
  servers: Record<string, unknown>,
  extra: Partial<ManagerOptions> = {},
) {
  const userFile = join(dir, 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: servers }, null, 2));
  const manager = new McpManager({
    sources: { userFile, ...extra.sources },
    createTransport: defaultTransportFactory(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    restart: {
      baseDelayMs: 30,
      maxDelayMs: 120,
      jitter: 0,
      crashLoopExits: 4,
      crashLoopWindowMs: 30_000,
      healthyAfterMs: 60_000,
    },
    ...extra,
  });
  managers.push(manager);
  return { manager, userFile };
}

describe('McpManager', () => {
  it('starts ten servers at once: good, slow, crashing, missing and unset-variable ones each get their own status', async () => {
    const dir = workspace();
    const servers: Record<string, unknown> = {};
    for (let i = 0; i < 6; i++) servers[`ok${i}`] = peer({ PEER_TOOLS: `t${i}a,t${i}b` });
    servers.slow = peer({ PEER_DELAY_MS: '400' });
    servers.crashy = peer({ PEER_MODE: 'crash-at-start' });
    servers.missing = { command: 'lena-no-such-command-xyz' };
    servers.needsvar = { command: process.execPath, args: [PEER, '${LENA_TEST_UNSET_VAR}'] };
    const { manager } = makeManager(dir, servers);
    await manager.start();
    const by = Object.fromEntries(manager.statuses().map((s) => [s.name, s]));
    for (let i = 0; i < 6; i++) {
      expect(by[`ok${i}`]).toMatchObject({
        status: 'connected',
        toolCount: 2,
        serverInfo: { name: 'peer', version: '1.2.3' },
        protocolVersion: '2025-11-25',
        scope: 'user',
      });
    }
    expect(by.slow.status).toBe('connected');
    expect(by.slow.connectMs).toBeGreaterThanOrEqual(400);
    expect(by.missing.status).toBe('failed');
    expect(by.missing.error?.message).toMatch(/was not found on PATH/);
    expect(by.missing.error?.hint).toMatch(/absolute path/);
    expect(by.needsvar).toMatchObject({
      status: 'skipped',
      error: {
        message: expect.stringMatching(/missing environment variables: LENA_TEST_UNSET_VAR/),
      },
    });
    await expect
      .poll(() => /crash loop/.test(manager.status('crashy')?.error?.message ?? ''), {
        message: 'crashy to give up',
        timeout: 15_000,
      })
      .toBe(true);
    expect(manager.status('crashy')?.status).toBe('failed');
    expect(manager.status('crashy')?.stderrTail).toMatch(/scripted crash/);
    expect([...manager.tools().keys()].sort()).toEqual([
      'ok0',
      'ok1',
      'ok2',
      'ok3',
      'ok4',
      'ok5',
      'slow',
    ]);
  });

  it('turns a crash loop into "failed" after a bounded number of spawns, and Retry starts afresh', async () => {
    const dir = workspace();
    const counter = join(dir, 'spawns.txt');
    const { manager } = makeManager(dir, {
      loop: peer({ PEER_MODE: 'crash-at-start', PEER_COUNTER: counter }),
    });
    await manager.start();
    await expect
      .poll(() => /crash loop/.test(manager.status('loop')?.error?.message ?? ''), {
        message: 'the crash-loop verdict',
        timeout: 15_000,
      })
      .toBe(true);
    const st = manager.status('loop')!;
    expect(st.status).toBe('failed');
    expect(st.error?.message).toMatch(/^crash loop: 4 exits in \d+ s/);
    expect(st.error?.hint).toMatch(/Retry/);
    // Four attempts, each two processes: the first exit lands during the 2026 probe, where a 2025
    // server that ends on unknown requests is respawned once for initialize (not a crash).
    expect(spawns(counter)).toBe(8);
    // A grace, since nothing may happen: a further restart would come within the longest backoff
    // (maxDelayMs, 120 ms here), and no event says that none was scheduled.
    await new Promise((r) => setTimeout(r, 400));
    expect(spawns(counter)).toBe(8); // no further spawns once failed
    await manager.restart('loop');
    await expect
      .poll(() => spawns(counter) >= 9, { message: 'a fresh spawn after Retry', timeout: 15_000 })
      .toBe(true);
  });

  it('counts a server that answers initialize and then exits toward the backoff', async () => {
    const dir = workspace();
    const counter = join(dir, 'spawns.txt');
    const { manager } = makeManager(dir, {
      flaky: peer({ PEER_MODE: 'exit-after-init', PEER_COUNTER: counter }),
    });
    await manager.start();
    await expect
      .poll(() => /crash loop/.test(manager.status('flaky')?.error?.message ?? ''), {
        message: 'the crash-loop verdict',
        timeout: 15_000,
      })
      .toBe(true);
    expect(spawns(counter)).toBe(4);
  });

  it('never retries a missing command', async () => {
    const dir = workspace();
    const { manager } = makeManager(dir, { gone: { command: 'lena-definitely-missing-cmd' } });
    await manager.start();
    const first = manager.status('gone')!;
    // A grace, since nothing may happen: a retry would come within the longest backoff (120 ms).
    await new Promise((r) => setTimeout(r, 300));
    expect(manager.status('gone')).toMatchObject({ status: 'failed', restarts: 0 });
    expect(first.error?.message).toMatch(/`lena-definitely-missing-cmd` was not found on PATH/);
  });

  it('never starts a project server before approval, and starts it once approved', async () => {
    const dir = workspace();
    const project = join(dir, 'project');
    rmSync(project, { recursive: true, force: true });
    mkdirSync(project);
    // In the project folder: a project server runs there (no `cwd` needed) in the default
    // sandbox, which writes only there.
    const counter = join(project, 'spawns.txt');
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { proj: peer({ PEER_COUNTER: counter }) } }),
    );
    let approved = false;
    const { manager } = makeManager(
      dir,
      {},
      { sources: { projectDir: project }, approvals: { isApproved: () => approved } },
    );
    await manager.start();
    expect(manager.status('proj')).toMatchObject({ status: 'needs-approval', scope: 'project' });
    expect(spawns(counter)).toBe(0);
    approved = true;
    await manager.reload('proj');
    expect(manager.status('proj')?.status).toBe('connected');
    // The peer counts itself as it starts: a start before approval would have come before this
    // one connected, so one start proves there was none.
    expect(spawns(counter)).toBe(1);
  });

  it('starts its servers with the ports attached after construction, and refuses them once started', async () => {
    const dir = workspace();
    const made: string[] = [];
    const levels: string[] = [];
    const { manager } = makeManager(dir, { a: peer({ PEER_TOOLS: 'x' }) });
    // What the host attaches once the parts over the manager exist: the log tap, each server's log level.
    manager.attach({
      createTransport: (name, launch, hooks) => {
        made.push(name);
        return defaultTransportFactory()(name, launch, hooks);
      },
      logLevel: (server) => {
        levels.push(server);
        return 'debug';
      },
    });
    await manager.start();
    expect(manager.status('a')?.status).toBe('connected');
    expect(made).toContain('a');
    expect(levels).toContain('a');
    expect(() => manager.attach({ logLevel: () => 'error' })).toThrow(/before start/);
  });

  it('restarts only the server whose entry changed on reload', async () => {
    const dir = workspace();
    const { manager, userFile } = makeManager(dir, {
      a: peer({ PEER_TOOLS: 'x' }),
      b: peer({ PEER_TOOLS: 'y' }),
    });
    await manager.start();
    const pidOf = async (name: string) => {
      const r = await manager.callTool(name, name === 'a' ? 'x' : 'y2', {});
      return (r.content[0] as { text: string }).text.split(':').pop();
    };
    const aBefore = await pidOf('a');
    writeFileSync(
      userFile,
      JSON.stringify({
        mcpServers: { a: peer({ PEER_TOOLS: 'x' }), b: peer({ PEER_TOOLS: 'y,y2' }) },
      }),
    );
    const changed: string[] = [];
    manager.onToolsChanged((n) => changed.push(n));
    await manager.reload();
    expect(await pidOf('a')).toBe(aBefore);
    expect(manager.status('b')?.toolCount).toBe(2);
    expect(changed).toContain('b');
    expect(changed).not.toContain('a');
  });

  it('keeps the last good configuration when the file is edited into invalid JSON', async () => {
    const dir = workspace();
    const { manager, userFile } = makeManager(dir, { a: peer() });
    await manager.start();
    writeFileSync(userFile, '{ "mcpServers": { "a": ');
    const config = await manager.reload();
    expect(manager.status('a')?.status).toBe('connected');
    expect(config.errors[0].message).toMatch(/mcp\.json/);
    expect(config.errors[0].line).toBe(1);
  });

  it('whenReady right after start waits for the servers (the configuration is read first), not for nothing', async () => {
    const dir = workspace();
    const { manager } = makeManager(dir, { a: peer() });
    const started = manager.start();
    await manager.whenReady(15_000);
    expect(manager.status('a')?.status).toBe('connected');
    await started;
  });

  it('restarts a server that died while idle before sending a call to it', async () => {
    const dir = workspace();
    const { manager } = makeManager(
      dir,
      { a: peer({ PEER_TOOLS: 'echo,die' }) },
      { restart: { baseDelayMs: 60_000, maxDelayMs: 60_000, jitter: 0 } },
    );
    await manager.start();
    await expect(manager.callTool('a', 'die', {})).rejects.toThrow(/exit|closed|code 9/i);
    await expect
      .poll(() => manager.status('a')?.status === 'failed', {
        message: 'the failed status',
        timeout: 15_000,
      })
      .toBe(true);
    // One status: the restart is said once (status.restart), not also inside the error text.
    expect(manager.status('a')?.restart).toMatchObject({ attempt: 1, seconds: 60 });
    expect(manager.status('a')?.error?.message).not.toMatch(/restarting/);
    const r = await manager.callTool('a', 'echo', { text: 'hi' });
    expect((r.content[0] as { text: string }).text).toMatch(/^echo:\{"text":"hi"\}/);
    expect(manager.status('a')?.status).toBe('connected');
    expect(manager.status('a')?.restart ?? null).toBeNull();
  });

  it('fails a call in flight when its server is disabled, and ends the process', async () => {
    const dir = workspace();
    const { manager, userFile } = makeManager(dir, {
      a: peer({ PEER_MODE: 'ok', PEER_TOOLS: 'slow' }),
    });
    await manager.start();
    const pid = Number(
      ((await manager.callTool('a', 'slow', {})).content[0] as { text: string }).text
        .split(':')
        .pop(),
    );
    const call = manager.callTool('a', 'hang', {}, { timeoutMs: 20_000 });
    const outcome = call.then(
      () => 'answered',
      (e: Error) => e.message,
    );
    writeFileSync(
      userFile,
      JSON.stringify({ mcpServers: { a: { ...peer({ PEER_TOOLS: 'slow' }), disabled: true } } }),
    );
    await manager.reload();
    expect(await outcome).toMatch(/closed|cancel|exit/i);
    expect(manager.status('a')?.status).toBe('disabled');
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('tests an unsaved entry and stops it again', async () => {
    const dir = workspace();
    const { manager } = makeManager(dir, {});
    const ok = await manager.testConnection('trial', peer({ PEER_TOOLS: 'one,two,three' }));
    expect(ok).toMatchObject({
      ok: true,
      toolCount: 3,
      tools: ['one', 'two', 'three'],
      serverInfo: { name: 'peer' },
      error: null,
    });
    const bad = await manager.testConnection('trial', {
      command: process.execPath,
      args: [PEER],
      env: { PEER_MODE: 'crash-at-start' },
    });
    expect(bad.ok).toBe(false);
    expect(bad.stderrTail).toMatch(/scripted crash/);
    const invalid = await manager.testConnection('trial', { command: 42 } as never);
    expect(invalid.ok).toBe(false);
    expect(invalid.error?.message).toMatch(/command/);
    expect(manager.statuses()).toEqual([]);
  });

  it('honours startupTimeout: a slow first start fails once with a hint instead of being killed in a loop', async () => {
    const dir = workspace();
    const counter = join(dir, 'spawns.txt');
    const { manager, userFile } = makeManager(dir, {
      slow: { ...peer({ PEER_DELAY_MS: '1500', PEER_COUNTER: counter }), startupTimeout: 0.5 },
    });
    await manager.start();
    expect(manager.status('slow')).toMatchObject({
      status: 'failed',
      error: {
        message: expect.stringMatching(/^Start timed out after 1 s/),
        hint: expect.stringMatching(/startupTimeout/),
      },
    });
    // A grace, since nothing may happen: a kill-and-restart loop would respawn within the longest
    // backoff (120 ms here), and no event says that none was scheduled.
    await new Promise((r) => setTimeout(r, 400));
    expect(spawns(counter)).toBe(1);
    writeFileSync(
      userFile,
      JSON.stringify({
        mcpServers: {
          slow: { ...peer({ PEER_DELAY_MS: '1500', PEER_COUNTER: counter }), startupTimeout: 5 },
        },
      }),
    );
    await manager.reload();
    expect(manager.status('slow')?.status).toBe('connected');
  });

  it('keeps expanded secrets out of the status the window sees, even when the server prints them', async () => {
    const dir = workspace();
    const script =
      "console.error('token=' + process.argv[1] + ' key=' + process.env.API_KEY); process.exit(4)";
    const { manager } = makeManager(
      dir,
      {
        leaky: {
          command: process.execPath,
          args: ['-e', script, '${LENA_TEST_TOKEN}'],
          env: { API_KEY: '${secret:LENA_TEST_KEY}' },
        },
      },
      {
        env: {
          PATH: process.env.PATH,
          LENA_TEST_TOKEN: 'tok-super-secret-123',
          LENA_TEST_KEY: 'key-very-secret-456',
        },
        autoRestart: false,
      },
    );
    await manager.start();
    const st = manager.status('leaky')!;
    const seen = JSON.stringify(st) + manager.session('leaky')!.stderrTail();
    expect(st.status).toBe('failed');
    expect(st.stderrTail).toMatch(/token=\[redacted\] key=\[redacted\]/);
    expect(seen).not.toContain('tok-super-secret-123');
    expect(seen).not.toContain('key-very-secret-456');
  });

  it('records a server’s process group as soon as it is spawned, before it answers, and forgets it on stop', async () => {
    const dir = workspace();
    const records = new Map<number, { name: string; pgid: number }>();
    const processes = {
      add: (r: { name: string; pid: number; pgid: number }) => void records.set(r.pid, r),
      remove: (pid: number) => void records.delete(pid),
    };
    const { manager } = makeManager(
      dir,
      { stuck: { ...peer({ PEER_MODE: 'hang' }), startupTimeout: 30 } },
      { processes },
    );
    const starting = manager.start();
    await expect
      .poll(() => records.size === 1, { message: 'the spawn record', timeout: 15_000 })
      .toBe(true);
    expect(manager.status('stuck')?.status).toBe('connecting');
    const [[pid, record]] = [...records];
    expect(record).toMatchObject({ name: 'stuck', pgid: pid });
    await manager.shutdown();
    await starting;
    expect(records.size).toBe(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('reloads by itself when the file is edited outside Lena, keeping the last good one on a bad edit', async () => {
    const dir = workspace();
    const { manager, userFile } = makeManager(dir, { a: peer() });
    await manager.start();
    const errors: string[] = [];
    manager.watch((config) => errors.push(...config.errors.map((e) => e.message)));
    writeFileSync(
      userFile,
      JSON.stringify({ mcpServers: { a: peer(), b: peer({ PEER_TOOLS: 'x,y' }) } }),
    );
    await expect
      .poll(() => manager.status('b')?.status === 'connected', {
        message: 'the added server',
        timeout: 15_000,
      })
      .toBe(true);
    writeFileSync(userFile, '{ "mcpServers": { "a": 1 ');
    await expect
      .poll(() => errors.length > 0, { message: 'the parse error', timeout: 15_000 })
      .toBe(true);
    expect(errors[0]).toMatch(/mcp\.json.*line 1/);
    expect(manager.status('b')?.status).toBe('connected');
  });
});

describe('lazy mode (the command line)', () => {
  it('loads the configuration without starting anything; a call or startServers starts only the named server', async () => {
    const dir = workspace();
    const [a, b] = [join(dir, 'a.count'), join(dir, 'b.count')];
    const { manager } = makeManager(
      dir,
      { a: peer({ PEER_COUNTER: a }), b: peer({ PEER_COUNTER: b }) },
      { lazy: true },
    );
    const config = await manager.start();
    expect(config.servers.map((s) => s.name)).toEqual(['a', 'b']);
    expect(manager.statuses().map((s) => s.name)).toEqual(['a', 'b']);
    expect([spawns(a), spawns(b), manager.started('a')]).toEqual([0, 0, false]);
    const result = await manager.callTool('a', 'echo', { text: 'hi' });
    expect(result.isError).not.toBe(true);
    expect([spawns(a), spawns(b)]).toEqual([1, 0]);
    await manager.startServers(['b', 'unknown']);
    expect(manager.status('b')?.status).toBe('connected');
    expect([spawns(a), spawns(b)]).toEqual([1, 1]);
  });
});
