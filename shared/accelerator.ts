// Global shortcuts as Electron writes them ("CommandOrControl+Shift+Space"): the quick entry's key
// is checked here before it is saved, so main never registers something Electron would refuse.

const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);

const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
]);

/** The default the Settings field offers when the quick entry is switched on. */
export const DEFAULT_QUICK_ENTRY_SHORTCUT = 'CommandOrControl+Shift+Space';

/** True for one or more modifiers and one key: a global shortcut without a modifier would eat typing. */
export function isAccelerator(text: string): boolean {
  const parts = text.split('+');
  // "Ctrl+Plus" names the plus key; a trailing "+" (Ctrl++) is written that way too.
  if (text.endsWith('++')) parts.splice(-2, 2, 'plus');
  if (parts.length < 2 || parts.some((p) => p.trim() === '')) return false;
  const key = parts[parts.length - 1].toLowerCase();
  const mods = parts.slice(0, -1).map((p) => p.toLowerCase());
  if (!mods.every((m) => MODIFIERS.has(m)) || new Set(mods).size !== mods.length) return false;
  return (
    /^[a-z0-9]$/.test(key) ||
    /^f([1-9]|1[0-9]|2[0-4])$/.test(key) ||
    NAMED_KEYS.has(key) ||
    /^[`\-=[\]\\;',./]$/.test(key)
  );
}
