// The application menu as plain data: roles, labels, accelerators and command ids. Main turns it
// into an Electron Menu and binds each id to a handler, so what the menu offers is testable here.

/** Where Help → Documentation leads. */
export const DOCUMENTATION_URL = 'https://lena.invalid/docs';

/** Commands main binds to handlers; every item with an `id` in the template is one of these. */
export const MENU_COMMANDS = [
  'new-conversation',
  'new-window',
  'open-folder',
  'open-recent',
  'clear-recent',
  'settings',
  'find',
  'show-logs',
  'documentation',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

/** The subset of Electron's menu roles Lena uses. */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'window'
  | 'help'
  | 'appMenu'
  | 'fileMenu'
  | 'editMenu'
  | 'viewMenu'
  | 'windowMenu';

export interface MenuItemSpec {
  label?: string;
  role?: MenuRole;
  type?: 'separator' | 'submenu';
  accelerator?: string;
  /** A command main binds; absent for role items, which Electron handles. */
  id?: MenuCommand;
  /** Extra data for the command (the folder of an Open Recent entry). */
  arg?: string;
  enabled?: boolean;
  /** False: the shortcut is shown but the key goes to the page, whose own handler acts on it. */
  registerAccelerator?: boolean;
  submenu?: MenuItemSpec[];
}

/**
 * Commands the window itself implements as keyboard shortcuts (renderer/components/use-shortcuts):
 * the menu leaves their keys to the page and, when clicked, replays the same key into the page.
 * One handler per action, and no extra IPC channel.
 */
export const RENDERER_SHORTCUTS: Partial<Record<MenuCommand, { key: string }>> = {
  'new-conversation': { key: 'n' },
  settings: { key: ',' },
  find: { key: 'f' },
};

/** The key event main sends into the page for a renderer-handled command (⌘ on macOS, Ctrl elsewhere). */
export function rendererKeyEvent(
  command: MenuCommand,
  platform: NodeJS.Platform,
): { keyCode: string; modifiers: ('meta' | 'control')[] } | undefined {
  const shortcut = RENDERER_SHORTCUTS[command];
  if (!shortcut) return undefined;
  return { keyCode: shortcut.key, modifiers: [platform === 'darwin' ? 'meta' : 'control'] };
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  isDev: boolean;
  recentFolders: readonly string[];
  appName?: string;
}

const separator: MenuItemSpec = { type: 'separator' };

/** The whole menu bar for the platform: App (macOS only), File, Edit, View, Window, Help. */
// Long: the whole menu bar as one literal, read top to bottom like the menu.
export function menuTemplate(options: MenuOptions): MenuItemSpec[] {
  const mac = options.platform === 'darwin';
  const name = options.appName ?? 'Lena';
  const settings: MenuItemSpec = {
    label: mac ? 'Settings…' : 'Settings',
    id: 'settings',
    accelerator: 'CmdOrCtrl+,',
    registerAccelerator: false,
  };
  const menus: MenuItemSpec[] = [];
  if (mac) {
    menus.push({
      label: name,
      role: 'appMenu',
      submenu: [
        { role: 'about', label: `About ${name}` },
        separator,
        settings,
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit', label: `Quit ${name}` },
      ],
    });
  }
  menus.push({
    label: '&File',
    role: 'fileMenu',
    submenu: [
      {
        label: 'New Conversation',
        id: 'new-conversation',
        accelerator: 'CmdOrCtrl+N',
        registerAccelerator: false,
      },
      { label: 'New Window', id: 'new-window', accelerator: 'CmdOrCtrl+Shift+N' },
      separator,
      { label: 'Open Folder…', id: 'open-folder', accelerator: 'CmdOrCtrl+O' },
      { label: 'Open Recent', submenu: recentSubmenu(options.recentFolders) },
      separator,
      ...(mac ? [] : [settings, separator]),
      { role: 'close', label: 'Close Window', accelerator: 'CmdOrCtrl+W' },
      ...(mac
        ? []
        : [{ role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' } satisfies MenuItemSpec]),
    ],
  });
  menus.push({
    label: '&Edit',
    role: 'editMenu',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } satisfies MenuItemSpec] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
      separator,
      { label: 'Find…', id: 'find', accelerator: 'CmdOrCtrl+F', registerAccelerator: false },
    ],
  });
  const devOnly: MenuItemSpec[] = options.isDev
    ? [
        { role: 'reload', accelerator: 'CmdOrCtrl+R' },
        { role: 'forceReload', accelerator: 'Shift+CmdOrCtrl+R' },
        {
          role: 'toggleDevTools',
          label: 'Toggle Developer Tools',
          accelerator: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I',
        },
        separator,
      ]
    : [];
  menus.push({
    label: '&View',
    role: 'viewMenu',
    submenu: [
      ...devOnly,
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus' },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      separator,
      { role: 'togglefullscreen', accelerator: mac ? 'Ctrl+Cmd+F' : 'F11' },
    ],
  });
  menus.push({
    label: '&Window',
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close', label: 'Close Window' }],
  });
  menus.push({
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Show Logs', id: 'show-logs' },
      { label: 'Documentation', id: 'documentation' },
    ],
  });
  return menus;
}

function recentSubmenu(folders: readonly string[]): MenuItemSpec[] {
  if (folders.length === 0) return [{ label: 'No Recent Folders', enabled: false }];
  return [
    ...folders.map((folder): MenuItemSpec => ({ label: folder, id: 'open-recent', arg: folder })),
    separator,
    { label: 'Clear Recent', id: 'clear-recent' },
  ];
}

/** Every item of the template, depth first (for lookups and tests). */
export function flattenMenu(items: readonly MenuItemSpec[]): MenuItemSpec[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.submenu ?? [])]);
}
