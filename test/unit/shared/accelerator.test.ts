// The quick entry's shortcut as Electron writes it, and a window's start in its page URL.
import { describe, expect, it } from 'vitest';
import { isAccelerator } from '../../../shared/accelerator';
import { settingsPatch } from '../../../shared/contract-schemas';
import { parseWindowQuery, windowQuery } from '../../../shared/window-query';

describe('quick entry shortcut', () => {
  it('takes modifiers and one key, and refuses a bare key or an unknown word', () => {
    for (const ok of [
      'CommandOrControl+Shift+Space',
      'Alt+Q',
      'Ctrl+Shift+F12',
      'Super+/',
      'Ctrl++',
    ])
      expect(isAccelerator(ok), ok).toBe(true);
    for (const bad of [
      'Q',
      'Space',
      'Ctrl+',
      'Ctrl+Shift',
      'Ctrl+Ctrl+A',
      'Hyper+A',
      'Ctrl+AB',
      '',
    ])
      expect(isAccelerator(bad), bad).toBe(false);
    expect(settingsPatch.safeParse({ quickEntryShortcut: 'A' }).success).toBe(false);
    expect(settingsPatch.safeParse({ quickEntryShortcut: null }).success).toBe(true);
  });

  it('round-trips what a window opens on, and ignores anything else in the URL', () => {
    expect(parseWindowQuery(windowQuery({ conversationId: 'c-1' }))).toEqual({
      conversationId: 'c-1',
    });
    expect(parseWindowQuery(windowQuery({ quickEntry: true }))).toEqual({ quickEntry: true });
    expect(windowQuery({})).toBe('');
    expect(parseWindowQuery('?conversation=%3Cscript%3E')).toEqual({});
  });
});
