// Taking streamed text back from a terminal's screen: where the cursor went while the text was
// written (wrapping at the terminal's width, tabs to the next stop of 8, wide characters as two
// cells, combining marks as none), and the sequence that returns it to where the text began and
// clears from there to the end of the screen. Text that scrolled out of view cannot be reached:
// then there is no sequence, and the caller says so in words instead.

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const MARK = /\p{M}/u;

/** The cells one character takes. */
function cells(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  // Combining marks, zero-width spaces and joiners, variation selectors.
  if (MARK.test(ch) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  return WIDE.test(ch) ? 2 : 1;
}

/** The cursor after writing `text` from `column` on a screen `columns` wide: rows moved down, and its column. */
export function cursorAfter(
  text: string,
  column: number,
  columns: number,
): { down: number; column: number } {
  let down = 0;
  let col = column;
  for (const ch of text) {
    if (ch === '\n') {
      down++;
      col = 0;
    } else if (ch === '\r') {
      col = 0;
    } else if (ch === '\t') {
      col = Math.min(columns, (Math.floor(col / 8) + 1) * 8);
    } else {
      const w = cells(ch);
      // A character that does not fit starts the next row (the terminal's pending wrap).
      if (col + w > columns) {
        down++;
        col = 0;
      }
      col += w;
    }
  }
  return { down, column: col };
}

/**
 * The sequence that erases `shown` (as written on screen, after `before` on the same line), or
 * null where it cannot: not a sized terminal, or the text began above the top of the screen.
 */
export function eraseSequence(
  shown: string,
  before: string,
  screen: { columns?: number; rows?: number },
): string | null {
  const { columns, rows } = screen;
  if (!columns || !rows) return null;
  if (shown === '') return '';
  const start = cursorAfter(before, 0, columns);
  const end = cursorAfter(shown, start.column, columns);
  // `before` filled its row: the text began at the start of the next one.
  const wrapped = start.column >= columns;
  const up = wrapped ? end.down - 1 : end.down;
  const column = wrapped ? 0 : start.column;
  if (up >= rows) return null;
  // CR to the row's start, up to the row the text began on, right to its column, clear below.
  return `\r${up > 0 ? `\x1b[${up}A` : ''}${column > 0 ? `\x1b[${column}C` : ''}\x1b[J`;
}
