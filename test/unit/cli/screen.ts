// What a person sees on a terminal after a program's output: the text (escape sequences and all)
// written to a real terminal emulator (xterm.js, headless) of a given size, read back row by row.
import { Terminal } from '@xterm/headless';

/** The rows (right-trimmed, trailing empty rows dropped) after writing `text` to a terminal. */
export function screenAfter(text: string, columns: number, rows: number): Promise<string[]> {
  const term = new Terminal({ cols: columns, rows, allowProposedApi: true });
  return new Promise((done) =>
    term.write(text, () => {
      const buffer = term.buffer.active;
      const lines: string[] = [];
      for (let i = 0; i < buffer.length; i++)
        lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
      while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      term.dispose();
      done(lines);
    }),
  );
}
