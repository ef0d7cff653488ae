// Many windows and the quick entry in the built main process, under the stand-in `electron`
// (test/fixtures/fake-electron): File > New Window, "Open in new window" from a page, each window
// in its own saved place, the quick entry's global shortcut following its setting, and the last
// window closed quitting (not on macOS, which this machine cannot run).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../electron/core/security/navigation';
import { MainUnderTest, type Call } from '../../fixtures/fake-electron/drive';

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'out/main/index.js');

let tmp: string;
let main: MainUnderTest | undefined;

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first.`);
});
afterEach(() => {
  main?.kill();
  main = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

function start(settings: Record<string, unknown> = {}, windowState?: unknown): MainUnderTest {
  tmp = mkdtempSync(join(tmpdir(), 'lena-main-windows-'));
  const home = join(tmp, 'home');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings));
  if (windowState !== undefined)
    writeFileSync(join(home, 'window-state.json'), JSON.stringify(windowState));
  main = new MainUnderTest(MAIN, { PATH: process.env.PATH ?? '', HOME: tmp, LENA_HOME: home });
  return main;
}

const named = (calls: Call[], name: string) => calls.filter((c) => c.name === name);
const loaded = async (app: MainUnderTest) =>
  named(await app.calls(), 'BrowserWindow.loadURL').map((c) => c.args[0] as string);
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
};

describe('many windows in the main process', () => {
  it('opens New Window from the menu and a conversation from a page, each in its own place, and quits when the last closes', async () => {
    const app = start({}, { windows: [{ bounds: { x: 100, y: 80, width: 1000, height: 700 } }] });
    await app.windowLoaded;
    expect(await app.clickMenu('New Window')).toBe(true);
    await until(async () => (await loaded(app)).length === 2);
    // "Open in new window" in the second window's list: a third window on that conversation.
    expect(await app.invoke('windows:open', { conversationId: 'c-42' }, 'window:1')).toEqual({
      ok: true,
    });
    expect(await loaded(app)).toEqual([
      `${APP_ORIGIN}/index.html`,
      `${APP_ORIGIN}/index.html`,
      `${APP_ORIGIN}/index.html?conversation=c-42`,
    ]);
    // The first window reopens where it was; later ones cascade from it, never on top of it.
    const made = named(await app.calls(), 'new BrowserWindow').map(
      (c) => c.args[0] as { x?: number; y?: number },
    );
    expect(made.map((o) => [o.x, o.y])).toEqual([
      [100, 80],
      [132, 112],
      [164, 144],
    ]);
    // Every window is a trusted sender; each hears server events.
    for (const from of ['window:0', 'window:1', 'window:2'] as const)
      expect(await app.invoke('app:info', undefined, from)).toMatchObject({ ok: true });

    await app.closeWindow(0);
    await app.closeWindow(1);
    expect(named(await app.calls(), 'app.quit')).toHaveLength(0);
    await app.closeWindow(2);
    // Linux and Windows: the last window closed quits (macOS keeps the app; not run here).
    const { calls } = await app.exited;
    expect(named(calls, 'app.quit').length).toBeGreaterThan(0);
    const saved = JSON.parse(readFileSync(join(tmp, 'home/window-state.json'), 'utf8')) as {
      windows: unknown[];
    };
    expect(saved.windows).toHaveLength(3);
  });

  it('registers the quick entry shortcut from the settings, opens its small window, and follows a change', async () => {
    const app = start({ quickEntryShortcut: 'CommandOrControl+Shift+Space' });
    await app.windowLoaded;
    await until(async () =>
      named(await app.calls(), 'globalShortcut.register').some(
        (c) => c.args[0] === 'CommandOrControl+Shift+Space',
      ),
    );
    expect(await app.pressShortcut('CommandOrControl+Shift+Space')).toBe(true);
    await until(async () => (await loaded(app)).length === 2);
    expect((await loaded(app))[1]).toBe(`${APP_ORIGIN}/index.html?quick-entry=1`);
    const quick = named(await app.calls(), 'new BrowserWindow')[1].args[0] as Record<
      string,
      unknown
    >;
    expect(quick).toMatchObject({ width: 640, height: 240, alwaysOnTop: true, skipTaskbar: true });
    // Pressed again, the same small window comes forward: no second one.
    await app.pressShortcut('CommandOrControl+Shift+Space');
    expect(await loaded(app)).toHaveLength(2);
    // Its question asked, the quick entry closes itself (windows:close closes the caller's window).
    expect(await app.invoke('windows:close', undefined, 'window:1')).toEqual({ ok: true });
    expect(named(await app.calls(), 'BrowserWindow.close').map((c) => c.args[0])).toEqual([2]);

    // Rebinding in Settings moves the shortcut; switching it off gives it back.
    expect(
      await app.invoke('settings:update', { quickEntryShortcut: 'Alt+Shift+Q' }, 'window:0'),
    ).toMatchObject({ ok: true });
    await until(async () =>
      named(await app.calls(), 'globalShortcut.register').some((c) => c.args[0] === 'Alt+Shift+Q'),
    );
    expect(named(await app.calls(), 'globalShortcut.unregister').map((c) => c.args[0])).toEqual([
      'CommandOrControl+Shift+Space',
    ]);
    expect(await app.pressShortcut('CommandOrControl+Shift+Space')).toBe(false);
    await app.invoke('settings:update', { quickEntryShortcut: null }, 'window:0');
    await until(async () =>
      named(await app.calls(), 'globalShortcut.unregister').some(
        (c) => c.args[0] === 'Alt+Shift+Q',
      ),
    );
    expect(await app.pressShortcut('Alt+Shift+Q')).toBe(false);
  });

  it('is off by default: no global shortcut is taken', async () => {
    const app = start();
    await app.windowLoaded;
    await new Promise((r) => setTimeout(r, 300));
    expect(named(await app.calls(), 'globalShortcut.register')).toEqual([]);
  });
});
