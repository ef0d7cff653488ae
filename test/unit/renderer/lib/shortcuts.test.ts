import { describe, expect, it } from 'vitest';
import { formatShortcut, isEditableTarget, shortcutOf } from '../../../../renderer/lib/shortcuts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('maps Ctrl on Linux and ⌘ on macOS to "mod"', () => {
    expect(shortcutOf(key('K', { ctrlKey: true }), false)).toBe('mod+k');
    expect(shortcutOf(key('k', { metaKey: true }), true)).toBe('mod+k');
    expect(shortcutOf(key('k', { ctrlKey: true }), true)).toBe('k');
    expect(shortcutOf(key('C', { ctrlKey: true, shiftKey: true }), false)).toBe('mod+shift+c');
    expect(shortcutOf(key('Escape'), false)).toBe('Escape');
  });
  it('prints shortcuts the way each platform writes them', () => {
    expect(formatShortcut('mod+shift+c', false)).toBe('Ctrl+Shift+C');
    expect(formatShortcut('mod+shift+c', true)).toBe('⌘⇧C');
    expect(formatShortcut('Escape', false)).toBe('Esc');
  });
  it('knows when keys belong to a text field', () => {
    expect(isEditableTarget({ tagName: 'textarea' })).toBe(true);
    expect(isEditableTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isEditableTarget({ tagName: 'BUTTON' })).toBe(false);
  });
});
