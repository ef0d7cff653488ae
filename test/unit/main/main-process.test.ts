// The built main process (out/main/index.js) runs under plain Node with a stand-in `electron`
// (test/fixtures/fake-electron) that records what main asks of Electron. Electron itself cannot be
// launched here; this executes our wiring: scheme, lock, secure window, IPC with the sender check,
// events to the page, the bounded quit sequence, and a failed start.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invokeChannelNames } from '../../../shared/contract';
import { APP_ORIGIN } from '../../../electron/core/security/navigation';
import { secureWebPreferences } from '../../../electron/core/security/web-preferences';
import { MainUnderTest, type Call } from '../../fixtures/fake-electron/drive';
import { packBundle, testManifest } from '../../fixtures/bundles/make-bundle';

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'out/main/index.js');
const MEMORY_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

let tmp: string;
let home: string;
let main: MainUnderTest | undefined;

beforeAll(() => {
  if (!existsSync(MAIN))
    throw new Error(
      `${MAIN} is missing: run \`npm run build\` first (npm test builds before the unit suite).`,
    );
});
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'lena-main-'));
  home = join(tmp, 'home');
});
afterEach(() => {
  main?.kill();
  main = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}, args: string[] = []): MainUnderTest {
  main = new MainUnderTest(
    MAIN,
    {
      PATH: process.env.PATH ?? '',
      HOME: tmp,
      LENA_HOME: home,
      ...env,
    },
    args,
  );
  return main;
}
/** A user-scope stdio server (the reference memory server from node_modules). */
function writeMemoryServer(): void {
  mkdirSync(home, { recursive: true });
  const memory = {
    command: 'node',
    args: [MEMORY_SERVER],
    env: { MEMORY_FILE_PATH: join(tmp, 'memory.jsonl') },
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { memory } }));
}
const named = (calls: Call[], name: string) => calls.filter((c) => c.name === name);
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const connected = (calls: Call[], server: string) =>
  named(calls, 'webContents.send').some(
    (c) =>
      c.args[0] === 'servers:status-changed' &&
      (c.args[1] as { name: string; status: string }).name === server &&
      (c.args[1] as { status: string }).status === 'connected',
  );

describe('the main process under a stand-in Electron', () => {
  it('registers app:// before ready, takes the single-instance lock, opens the secure window and handles every channel', async () => {
    const app = start();
    await app.windowLoaded;
    const calls = await app.calls();

    const [scheme] = named(calls, 'protocol.registerSchemesAsPrivileged');
    expect(scheme.ready).toBe(false);
    expect(scheme.args[0]).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      // MCP Apps: the sandbox proxy's origin, one host per server (issue 23).
      { scheme: 'lena-view', privileges: { standard: true, secure: true } },
    ]);
    expect(named(calls, 'app.requestSingleInstanceLock')).toEqual([
      { name: 'app.requestSingleInstanceLock', ready: false, args: [] },
    ]);
    expect(named(calls, 'protocol.handle').map((c) => c.args[0])).toEqual(['app', 'lena-view']);

    const windows = named(calls, 'new BrowserWindow');
    expect(windows).toHaveLength(1);
    const options = windows[0].args[0] as { show: boolean; webPreferences: unknown };
    expect(options.show).toBe(false);
    expect(options.webPreferences).toEqual(
      secureWebPreferences(join(ROOT, 'out/preload/index.js'), { devTools: true }),
    );
    expect(named(calls, 'BrowserWindow.loadURL').map((c) => c.args[0])).toEqual([
      `${APP_ORIGIN}/index.html`,
    ]);
    expect(named(calls, 'session.setPermissionRequestHandler')).toHaveLength(1);
    // WebRTC sends UDP only through a proxy, on the window's webContents (its view frames included).
    // Electron cannot run here: the stand-in records the call; Chromium's handling of it is Electron's.
    expect(named(calls, 'webContents.setWebRTCIPHandlingPolicy').map((c) => c.args[1])).toEqual([
      'disable_non_proxied_udp',
    ]);

    const handled = named(calls, 'ipcMain.handle').map((c) => c.args[0] as string);
    expect([...handled].sort()).toEqual([...invokeChannelNames].sort());
  });

  it('answers the window’s own frame and refuses a subframe or another window', async () => {
    const app = start();
    await app.windowLoaded;
    // The built app says its own version, not the dev fallback (no npm_package_version here, as in a packaged app).
    const version = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    ).version;
    expect(await app.invoke('app:info', undefined, 'window')).toMatchObject({
      ok: true,
      value: { name: 'Lena', home, version },
    });
    const refused = {
      ok: false,
      error: { code: 'forbidden', message: 'IPC from a foreign frame or origin was rejected.' },
    };
    expect(await app.invoke('app:info', undefined, 'subframe')).toEqual(refused);
    expect(
      await app.invoke('settings:set-api-key', { key: 'sk-ant-stolen' }, 'other-window'),
    ).toEqual(refused);
    // The refused call changed nothing.
    expect(await app.invoke('settings:get', undefined, 'window')).toMatchObject({
      ok: true,
      value: { apiKeySet: false },
    });
    // Each refusal is in the log, with the channel and why (issue 13): a caller that should not be there is seen.
    const log = readFileSync(join(home, 'logs/lena.log'), 'utf8');
    expect(log).toMatch(
      /WARN +\[ipc\] Refused IPC app:info from a subframe \(app:\/\/lena\/index\.html\)/,
    );
    expect(log).toMatch(/WARN +\[ipc\] Refused IPC settings:set-api-key from another window/);
    expect(log).not.toContain('sk-ant-stolen');
  });

  it('forwards a server’s status to the page, and quitting stops the server through the bounded sequence', async () => {
    writeMemoryServer();
    const app = start();
    await app.windowLoaded;
    await expect
      .poll(async () => connected(await app.calls(), 'memory'), { timeout: 30_000 })
      .toBe(true);
    // The manager records each server's process group in processes.json as it spawns it.
    const records = JSON.parse(readFileSync(join(home, 'processes.json'), 'utf8')) as {
      pid: number;
      server: string;
    }[];
    const pids = records.filter((r) => r.server === 'memory').map((r) => r.pid);
    expect(pids).toHaveLength(1);
    expect(running(pids[0])).toBe(true);

    await app.quit();
    const { code, calls } = await app.exited;
    expect(code).toBe(0);
    const names = calls.map((c) => c.name);
    // The window hides at once; the real quit comes only after the sequence ran.
    expect(names.indexOf('BrowserWindow.hide')).toBeGreaterThan(names.indexOf('app.quit'));
    expect(names.filter((n) => n === 'app.quit')).toHaveLength(2);
    expect(running(pids[0])).toBe(false);
    const log = readFileSync(join(home, 'logs/lena.log'), 'utf8');
    const steps = [
      'stop accepting new turns',
      'cancel in-flight tool calls',
      'shut servers down',
      'close the database',
      'exit',
    ].map((s) => log.indexOf(`Quit: ${s} (`));
    expect(steps.every((at) => at > 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('tightens a home left readable by others (0755 folder, 0644 files) at start and says so in the log', async () => {
    writeMemoryServer();
    chmodSync(join(home, 'mcp.json'), 0o644);
    chmodSync(home, 0o755);
    const app = start();
    await app.windowLoaded;
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, 'mcp.json'))).toBe(0o600);
    await expect.poll(() => existsSync(join(home, 'lena.db-wal'))).toBe(true);
    for (const file of ['lena.db', 'lena.db-wal', 'lena.db-shm', 'logs/lena.log'])
      expect([file, mode(join(home, file))]).toEqual([file, 0o600]);
    expect(readFileSync(join(home, 'logs/lena.log'), 'utf8')).toMatch(
      /WARN +\[main\] Lena's home was readable by other users: made 2 entries owner-only/,
    );
  });

  it('a stdio server added through the window is confirmed once in a native dialog before it is saved or started', async () => {
    const app = start();
    await app.windowLoaded;
    const entry = {
      command: 'node',
      args: [MEMORY_SERVER],
      env: { MEMORY_FILE_PATH: join(tmp, 'memory.jsonl') },
    };
    const declined = await app.invoke('servers:add', { name: 'memory', entry });
    expect(declined).toEqual({
      ok: false,
      error: {
        code: 'cancelled',
        message: expect.stringContaining('Nothing was saved or started'),
      },
    });
    const [box] = named(await app.calls(), 'dialog.showMessageBox');
    expect(box.args[0]).toMatchObject({
      message: 'Run this command on your computer?',
      buttons: ['Cancel', 'Allow'],
      defaultId: 0,
      cancelId: 0,
    });
    expect((box.args[0] as { detail: string }).detail).toContain(
      `"memory", which Lena will start as:\n    node ${MEMORY_SERVER}\n    with the variables MEMORY_FILE_PATH`,
    );
    expect(existsSync(join(home, 'mcp.json'))).toBe(false);
    expect(existsSync(join(home, 'processes.json'))).toBe(false);

    await app.answerDialogs(1);
    expect(await app.invoke('servers:add', { name: 'memory', entry })).toMatchObject({
      ok: true,
      value: { name: 'memory' },
    });
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')).mcpServers.memory).toEqual(
      entry,
    );
    await expect
      .poll(async () => connected(await app.calls(), 'memory'), { timeout: 30_000 })
      .toBe(true);
    // Saved and seen: changing something else about it does not ask again.
    expect(
      await app.invoke('servers:update', { name: 'memory', entry: { ...entry, timeout: 30_000 } }),
    ).toMatchObject({ ok: true });
    expect(named(await app.calls(), 'dialog.showMessageBox')).toHaveLength(2);
  });

  it("serves an MCP Apps view through lena-view:// with the view's no-network policy, framed only by app://lena", async () => {
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          apps: { command: 'node', args: [join(ROOT, 'test/fixtures/mcp/apps-peer.mjs')] },
        },
      }),
    );
    const app = start();
    await app.windowLoaded;
    await expect
      .poll(async () => connected(await app.calls(), 'apps'), { timeout: 30_000 })
      .toBe(true);
    const view = (await app.invoke('apps:view', { server: 'apps', tool: 'show' })) as {
      ok: true;
      value: { status: string; proxyUrl: string; proxyOrigin: string };
    };
    expect(view.value.status).toBe('ready');
    expect(view.value.proxyUrl).toMatch(
      /^lena-view:\/\/[0-9a-f]{16}\/proxy\.html\?view=[0-9a-f]{64}$/,
    );
    expect(view.value.proxyUrl.startsWith(`${view.value.proxyOrigin}/`)).toBe(true);
    const page = await app.fetchScheme('lena-view', view.value.proxyUrl);
    expect(page?.status).toBe(200);
    expect(page?.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(page?.headers['content-security-policy']).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(
      (
        await app.fetchScheme(
          'lena-view',
          view.value.proxyUrl.replace(/view=[0-9a-f]+/, 'view=' + '0'.repeat(64)),
        )
      )?.status,
    ).toBe(404);
  });

  it('a baseUrl set through the window is confirmed in a native dialog; plain http to another host is refused', async () => {
    const app = start();
    await app.windowLoaded;
    expect(await app.invoke('settings:update', { baseUrl: 'http://collector.example/v1' })).toEqual(
      {
        ok: false,
        error: {
          code: 'invalid-arguments',
          message: expect.stringContaining('plain http is allowed only for this machine'),
          // The issue also crosses IPC as data, with the field it is about.
          data: {
            issues: [
              {
                path: ['baseUrl'],
                code: 'custom',
                message: expect.stringContaining('plain http is allowed only for this machine'),
              },
            ],
          },
        },
      },
    );
    expect(
      await app.invoke('settings:update', { baseUrl: 'https://collector.example/v1' }),
    ).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await app.invoke('settings:get', undefined)).toMatchObject({
      ok: true,
      value: { baseUrl: null },
    });
    const boxes = named(await app.calls(), 'dialog.showMessageBox');
    expect(boxes.map((b) => (b.args[0] as { message: string }).message)).toEqual([
      'Send your API key to this address?',
    ]);
    await app.answerDialogs(1);
    expect(
      await app.invoke('settings:update', { baseUrl: 'https://collector.example/v1' }),
    ).toMatchObject({ ok: true, value: { baseUrl: 'https://collector.example/v1' } });
  });

  it('the open folder is the host’s: the launch folder titles the window, one the window opens is remembered, and the next start opens it again', async () => {
    const [alpha, beta] = [join(tmp, 'alpha'), join(tmp, 'beta')];
    mkdirSync(alpha);
    mkdirSync(beta);
    const title = async (app: MainUnderTest) =>
      named(await app.calls(), 'BrowserWindow.setTitle')
        .map((c) => c.args[0])
        .at(-1);
    const first = start({}, [alpha]);
    await first.windowLoaded;
    await expect.poll(() => title(first)).toBe('alpha — Lena');
    expect(await first.invoke('project:open', { folder: beta })).toMatchObject({
      ok: true,
      value: { folder: beta, recent: [beta, alpha] },
    });
    await expect.poll(() => title(first)).toBe('beta — Lena');
    first.kill();

    const second = start();
    await second.windowLoaded;
    await expect.poll(() => title(second)).toBe('beta — Lena');
    expect(JSON.parse(readFileSync(join(home, 'recent-folders.json'), 'utf8'))).toEqual({
      folder: beta,
      recent: [beta, alpha],
    });
  });

  it('a bundle given at launch, opened from the Finder or by a second launch shows its install sheet; the picker is the open dialog', async () => {
    const first = await packBundle(tmp, testManifest(), 'first.mcpb');
    const second = await packBundle(tmp, testManifest({ version: '2.0.0' }), 'second.mcpb');
    const third = await packBundle(tmp, testManifest({ version: '3.0.0' }), 'third.mcpb');
    const app = start({}, [first]);
    await app.windowLoaded;
    const opened = async () =>
      named(await app.calls(), 'webContents.send')
        .filter((c) => c.args[0] === 'bundles:opened')
        .map((c) => (c.args[1] as { preview: { version: string } }).preview.version);
    await expect.poll(opened).toEqual(['1.0.0']);
    // The window may load after the event: it asks once for what waits.
    expect(await app.invoke('bundles:pending', undefined)).toMatchObject({
      ok: true,
      value: { preview: { name: 'weather-bundle', version: '1.0.0' } },
    });
    expect(await app.invoke('bundles:pending', undefined)).toEqual({ ok: true, value: null });
    await app.appEvent('open-file', second);
    await expect.poll(opened).toEqual(['1.0.0', '2.0.0']);
    // An unpackaged app's argv, as the stand-in runs it: electron, the app's folder, then ours.
    await app.appEvent('second-instance', [process.execPath, MAIN, third], tmp);
    await expect.poll(opened).toEqual(['1.0.0', '2.0.0', '3.0.0']);
    expect(await app.invoke('bundles:pick-paths', { kind: 'directory', multiple: true })).toEqual({
      ok: true,
      value: [],
    });
    const picker = named(await app.calls(), 'dialog.showOpenDialog').at(-1);
    expect(picker?.args[0]).toEqual({ properties: ['openDirectory', 'multiSelections'] });
    // Nothing is installed by opening.
    expect(existsSync(join(home, 'extensions', 'weather-bundle'))).toBe(false);
  });

  it('a second launch hands over and quits without opening a window', async () => {
    const app = start({ FAKE_ELECTRON_LOCK: 'taken' });
    const { code, calls } = await app.exited;
    expect(code).toBe(0);
    expect(named(calls, 'new BrowserWindow')).toHaveLength(0);
    expect(named(calls, 'app.quit')).toHaveLength(1);
  });

  it('an exception during start is shown in a dialog and logged, and the process ends with its servers', async () => {
    writeMemoryServer();
    const app = start({ FAKE_ELECTRON_FAIL_WINDOW: 'the GPU process is unavailable' });
    const { code, calls } = await app.exited;
    expect(code).toBe(1);
    const [box] = named(calls, 'dialog.showErrorBox');
    expect(box.args[0]).toBe('Lena failed to start');
    expect(box.args[1]).toContain('the GPU process is unavailable');
    expect(box.args[1]).toContain('logs/lena.log');
    const log = readFileSync(join(home, 'logs/lena.log'), 'utf8');
    expect(log).toMatch(/ERROR \[main\] Lena failed to start.*the GPU process is unavailable/);
    expect(log).toContain('Quit: shut servers down (');
    const records = existsSync(join(home, 'processes.json'))
      ? (JSON.parse(readFileSync(join(home, 'processes.json'), 'utf8')) as { pid: number }[])
      : [];
    expect(records.filter((r) => running(r.pid))).toEqual([]);
  });

  it('a home that cannot be created is shown in a dialog and on stderr', async () => {
    writeFileSync(home, 'not a folder');
    const app = start();
    const { code, calls } = await app.exited;
    expect(code).toBe(1);
    const [box] = named(calls, 'dialog.showErrorBox');
    expect(box.args[1]).toContain(home);
    expect(app.stderr).toContain('Lena failed to start');
  });
});
