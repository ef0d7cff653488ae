import { describe, expect, it } from 'vitest';
import {
  formatShortcut,
  isEditableTarget,
  nextRegion,
  shortcutOf,
} from '../../../../renderer/lib/shortcuts';

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

describe('nextRegion (F6)', () => {
  const all = ['sidebar', 'conversation', 'composer', 'question'] as const;
  it('moves to the next region on screen and wraps; Shift+F6 goes back', () => {
    expect(nextRegion(all, 'composer', false)).toBe('question');
    expect(nextRegion(all, 'question', false)).toBe('sidebar');
    expect(nextRegion(all, 'sidebar', true)).toBe('question');
  });
  it('skips regions not on screen, and starts at the first from outside every region', () => {
    expect(nextRegion(['conversation', 'composer'], 'composer', false)).toBe('conversation');
    expect(nextRegion(all, null, false)).toBe('sidebar');
    expect(nextRegion(all, null, true)).toBe('question');
    expect(nextRegion([], null, false)).toBeNull();
  });
});
