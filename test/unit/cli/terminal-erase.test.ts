// Taking a discarded answer back off a terminal's screen, checked on a real terminal emulator
// (xterm.js, headless): what remains on screen after the text and its erase sequence are written.
import { describe, expect, it } from 'vitest';
import { eraseSequence } from '../../../electron/cli/terminal-erase';
import { screenAfter } from './screen';

/** Writes `before`, then `shown`, erases `shown`, then writes `after`: the screen. */
async function replaced(before: string, shown: string, after: string, columns = 20, rows = 8) {
  const erase = eraseSequence(shown, before.slice(before.lastIndexOf('\n') + 1), {
    columns,
    rows,
  });
  expect(erase, 'an erase sequence').not.toBeNull();
  const nl = (t: string) => t.replace(/\n/g, '\r\n');
  return screenAfter(nl(before) + nl(shown) + erase! + nl(after), columns, rows);
}

describe('erasing streamed text from a terminal', () => {
  it('erases lines, wrapped rows, tabs and wide characters, and keeps what came before', async () => {
    const cases: [string, string, string[]][] = [
      ['', 'one line', ['new']],
      ['', 'first\nsecond\nthird', ['new']],
      ['', 'a row that wraps past twenty columns twice over', ['new']],
      ['', 'tab\there\tand\tthere', ['new']],
      ['', '漢字漢字漢字漢字漢字漢字', ['new']],
      ['kept line\n', 'gone\nalso gone', ['kept line', 'new']],
      ['kept: ', 'partial words', ['kept: new']],
      ['exactly twenty cols!', 'wrapped start', ['exactly twenty cols!', 'new']],
    ];
    for (const [before, shown, expected] of cases)
      expect(await replaced(before, shown, 'new'), JSON.stringify(shown)).toEqual(expected);
  });

  it('gives up (null) for text taller than the screen, or a screen without a size', () => {
    expect(eraseSequence('1\n2\n3\n4\n5\n6\n7\n8\n9', '', { columns: 20, rows: 8 })).toBeNull();
    expect(eraseSequence('text', '', {})).toBeNull();
    expect(eraseSequence('', 'before', { columns: 20, rows: 8 })).toBe('');
  });
});
