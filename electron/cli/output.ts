// Output for the command line: with --json, stdout carries only the one JSON object and every
// other word goes to stderr; without it, readable text on stdout. Proxy credentials
// (http://user:pass@proxy) never reach either.
//
// Everything written here is terminal-safe: names, descriptions, results, errors and stderr tails
// come from servers and configuration files, and an escape sequence in them would act on the
// user's terminal (OSC 52 writes the clipboard, cursor movement hides lines, OSC 8 hides a link's
// target). Text goes out through terminalText, JSON through jsonText: every write of the command
// line to stdout or stderr passes one of them (an Output does it itself). Lena's own words carry no
// control characters, so a line is marked whole; colour, if Lena ever adds it, is applied to its
// frame after this step.
import { isInvisibleCodePoint, markedText } from '../../shared/invisible';
import { eraseSequence } from './terminal-erase';

export interface Output {
  json: boolean;
  /** Human text (stdout without --json, stderr with it). */
  info(text: string): void;
  /** Warnings and progress, always on stderr. */
  warn(text: string): void;
  /** The one JSON result (only with --json). */
  result(value: unknown): void;
  /** Streamed text on stdout as it arrives, no newline added (nothing with --json); `last` ends the stream. */
  stream(text: string, last?: boolean): void;
  /**
   * On a terminal, takes `shown` (streamed after `before` on its line) back off the screen; false
   * where it cannot (--json, not a terminal, TERM=dumb, scrolled out of view).
   */
  unstream(shown: string, before: string): boolean;
}

type Screen = { isTTY?: boolean; columns?: number; rows?: number };
type Streams = { stdout: NodeJS.WritableStream & Screen; stderr: NodeJS.WritableStream };

export function createOutput(json: boolean, io: Streams = process): Output {
  const line = (text: string) =>
    terminalText(redactUrlCredentials(text.endsWith('\n') ? text : `${text}\n`));
  let held = '';
  return {
    json,
    info: (text) => (json ? io.stderr : io.stdout).write(line(text)),
    warn: (text) => io.stderr.write(line(text)),
    result: (value) => io.stdout.write(`${jsonText(value)}\n`),
    stream(text, last = false) {
      if (json) return;
      const pending = held + text;
      const cut = last ? pending.length : unfinishedTail(pending);
      held = pending.slice(cut);
      if (cut > 0) io.stdout.write(terminalText(pending.slice(0, cut)));
    },
    unstream(shown, before) {
      if (json || !io.stdout.isTTY || process.env.TERM === 'dumb') return false;
      // What is still held was never written.
      const written = held && shown.endsWith(held) ? shown.slice(0, -held.length) : shown;
      const erase = eraseSequence(terminalText(written), terminalText(before), io.stdout);
      if (erase === null) return false;
      held = '';
      io.stdout.write(erase);
      return true;
    },
  };
}

/**
 * Text a server, a model or a file chose, made safe for a terminal: C0 controls (newline, tab and
 * CRLF aside), ESC, DEL, C1 (U+0080–U+009F), bidi, zero-width and tag characters become visible
 * markers, the window's: `⟦U+202E⟧`, and a whole escape sequence as `⟦ESC]52;c;…^G⟧`.
 */
export function terminalText(text: string): string {
  return markedText(text);
}

/**
 * The JSON every --json output prints: JSON.stringify escapes C0 controls but leaves DEL, C1,
 * bidi, zero-width and tag characters raw, so those are written as `\u` escapes too (the value
 * parses back unchanged). Credentials in URLs are redacted.
 */
export function jsonText(value: unknown, indent = 2): string {
  const raw = redactUrlCredentials(JSON.stringify(value, null, indent) ?? 'null');
  let out = '';
  let from = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x7f) continue;
    const cp = raw.codePointAt(i) ?? c;
    if (!isInvisibleCodePoint(cp) && !(cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    const width = cp > 0xffff ? 2 : 1;
    out += raw.slice(from, i);
    for (let k = 0; k < width; k++)
      out += `\\u${raw
        .charCodeAt(i + k)
        .toString(16)
        .padStart(4, '0')}`;
    i += width - 1;
    from = i + 1;
  }
  return from === 0 ? raw : out + raw.slice(from);
}

// eslint-disable-next-line no-control-regex
const CSI = /^\x1b\[[0-?]*[ -/]*[@-~]/;

/**
 * Where the part of streamed text that may continue in the next piece begins: an escape sequence
 * not finished yet (so it is marked whole, not in parts), a CR that may start a CRLF, or the first
 * half of a surrogate pair. A sequence longer than 512 characters is let go: marked in parts, it
 * is still inert.
 */
function unfinishedTail(text: string): number {
  const last = text.charCodeAt(text.length - 1);
  if (last === 0x0d || (last >= 0xd800 && last <= 0xdbff)) return text.length - 1;
  const esc = text.lastIndexOf('\x1b');
  if (esc < 0 || text.length - esc > 512) return text.length;
  const tail = text.slice(esc);
  if (tail.length === 1) return esc;
  if (tail[1] === '[') return CSI.test(tail) ? text.length : esc;
  if (tail[1] === ']') return tail.includes('\x07') ? text.length : esc;
  return text.length;
}

/** `scheme://user:password@host` → `scheme://user:•••@host` (a proxy URL shown in an error, say). */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@"'<>]+):([^\s/@"'<>]+)@/gi, '$1$2:•••@');
}

/** "1 tool", "3 tools". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Pads columns for a small table. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  '))
    .join('\n');
}

export function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}
