import { describe, expect, it } from 'vitest';
import {
  flattenMenu,
  MENU_COMMANDS,
  menuTemplate,
  rendererKeyEvent,
  type MenuOptions,
} from '../../../../electron/core/desktop/menu-template';

const base: MenuOptions = { platform: 'linux', isDev: false, recentFolders: [] };
const items = (o: Partial<MenuOptions> = {}) => flattenMenu(menuTemplate({ ...base, ...o }));
const topLabels = (o: Partial<MenuOptions>) =>
  menuTemplate({ ...base, ...o }).map((m) => m.label?.replace('&', ''));

describe('menuTemplate', () => {
  it('has the platform’s standard menus, with the App menu only on macOS', () => {
    expect(topLabels({ platform: 'linux' })).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(topLabels({ platform: 'win32' })).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(topLabels({ platform: 'darwin' })).toEqual([
      'Lena',
      'File',
      'Edit',
      'View',
      'Window',
      'Help',
    ]);
  });

  it('offers no developer tools or reload outside development', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const roles = items({ platform, isDev: false }).map((i) => i.role);
      expect(roles).not.toContain('toggleDevTools');
      expect(roles).not.toContain('reload');
      expect(roles).not.toContain('forceReload');
    }
    const dev = items({ isDev: true });
    expect(dev.find((i) => i.role === 'toggleDevTools')?.label).toBe('Toggle Developer Tools');
    expect(dev.some((i) => i.role === 'reload')).toBe(true);
  });

  it('binds the documented shortcuts', () => {
    const byLabel = (label: string) => items().find((i) => i.label === label);
    expect(byLabel('New Conversation')).toMatchObject({
      id: 'new-conversation',
      accelerator: 'CmdOrCtrl+N',
    });
    expect(byLabel('Open Folder…')).toMatchObject({
      id: 'open-folder',
      accelerator: 'CmdOrCtrl+O',
    });
    expect(byLabel('Settings')).toMatchObject({ id: 'settings', accelerator: 'CmdOrCtrl+,' });
    expect(byLabel('Close Window')).toMatchObject({ role: 'close', accelerator: 'CmdOrCtrl+W' });
    expect(items().find((i) => i.role === 'quit')?.accelerator).toBe('Ctrl+Q');
    expect(items().find((i) => i.role === 'togglefullscreen')?.accelerator).toBe('F11');
    expect(items().find((i) => i.role === 'zoomIn')?.accelerator).toBe('CmdOrCtrl+Plus');
  });

  it('puts Quit and Settings in the App menu on macOS, not in File', () => {
    const [app, file] = menuTemplate({ ...base, platform: 'darwin' });
    expect(flattenMenu([app]).some((i) => i.role === 'quit')).toBe(true);
    expect(flattenMenu([app]).some((i) => i.id === 'settings')).toBe(true);
    expect(flattenMenu([file]).some((i) => i.role === 'quit' || i.id === 'settings')).toBe(false);
  });

  it('lists recent folders as Open Recent entries, or a disabled placeholder', () => {
    const recent = items({ recentFolders: ['/a', '/b'] }).filter((i) => i.id === 'open-recent');
    expect(recent.map((i) => i.arg)).toEqual(['/a', '/b']);
    expect(items().find((i) => i.label === 'No Recent Folders')?.enabled).toBe(false);
    expect(items().some((i) => i.id === 'clear-recent')).toBe(false);
  });

  it('has Show Logs and Documentation under Help, and only known command ids', () => {
    const help = menuTemplate(base).at(-1);
    expect(help?.submenu?.map((i) => i.id)).toEqual(['show-logs', 'documentation']);
    for (const platform of ['linux', 'darwin'] as const) {
      for (const item of items({ platform, isDev: true, recentFolders: ['/x'] })) {
        if (item.id) expect(MENU_COMMANDS).toContain(item.id);
        expect(item.id === undefined || item.role === undefined).toBe(true);
      }
    }
  });

  it('leaves the window’s own shortcuts to the page and replays them when the item is clicked', () => {
    for (const id of ['new-conversation', 'settings', 'find'] as const) {
      expect(items().find((i) => i.id === id)?.registerAccelerator).toBe(false);
    }
    expect(items().find((i) => i.id === 'open-folder')?.registerAccelerator).toBeUndefined();
    expect(rendererKeyEvent('settings', 'darwin')).toEqual({ keyCode: ',', modifiers: ['meta'] });
    expect(rendererKeyEvent('new-conversation', 'linux')).toEqual({
      keyCode: 'n',
      modifiers: ['control'],
    });
    expect(rendererKeyEvent('open-folder', 'linux')).toBeUndefined();
    expect(rendererKeyEvent('find', 'darwin')).toEqual({ keyCode: 'f', modifiers: ['meta'] });
  });

  it('offers Find… at the end of the Edit menu with the page’s own Ctrl/⌘+F', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const edit = menuTemplate({ ...base, platform }).find((m) => m.role === 'editMenu');
      const last = edit?.submenu?.at(-1);
      expect(last).toMatchObject({ label: 'Find…', id: 'find', accelerator: 'CmdOrCtrl+F' });
    }
  });
});
