// The answer as `lena chat` prints it: each assistant message's text, a blank line between rounds
// and around server-tool blocks (web search, web fetch) that split a message's text, and only the
// answers kept: a stream that broke and was asked again is discarded, not printed. On a terminal
// the text streams as it arrives (a discarded one is then erased from the screen, or named on
// stderr where it scrolled out of reach); into a pipe or a file
// a message is printed once it is complete, so a script never receives text that was taken back.
import type { ChatEvent } from '../../shared/chat/events';

type Delta = Extract<ChatEvent, { type: 'text-delta' }>;
type Saved = Extract<ChatEvent, { type: 'message-saved' }>;

export interface AnswerSink {
  /** Text for stdout. */
  write(text: string): void;
  /** A note for stderr. */
  note(text: string): void;
  /** Streams as it arrives (a terminal), or holds each message until it is complete. */
  live: boolean;
  /** Takes `shown` (written after `before` on its line) back off the screen; false where it cannot. */
  retract?(shown: string, before: string): boolean;
}

/** The gap that makes `next` start a new paragraph after `before`. */
function gapAfter(before: string): string {
  if (before === '' || before.endsWith('\n\n')) return '';
  return before.endsWith('\n') ? '\n' : '\n\n';
}

export class AnswerText {
  private kept = '';
  private readonly held = new Map<string, string>();
  private readonly lastIndex = new Map<string, number>();
  private readonly printed = new Set<string>();
  private readonly discarded = new Set<string>();
  /** Live: the text on stdout's current line, and that line as each message began. */
  private line = '';
  private readonly lineBefore = new Map<string, string>();

  constructor(private readonly sink: AnswerSink) {}

  /** Everything kept so far (the `text` of --json). */
  get text(): string {
    return this.kept + [...this.held.values()].join('');
  }

  delta(e: Delta): void {
    if (this.discarded.has(e.messageId)) return;
    const mine = this.held.get(e.messageId);
    const last = this.lastIndex.get(e.messageId);
    this.lastIndex.set(e.messageId, e.index);
    const before = mine ?? this.kept;
    // A new message, or a block after a non-text one (a server tool's) in the same message.
    const newParagraph =
      mine === undefined ? this.kept !== '' : last !== undefined && e.index > last + 1;
    const gap = newParagraph ? gapAfter(before === '' ? this.kept : before) : '';
    this.held.set(e.messageId, (mine ?? '') + gap + e.text);
    if (this.sink.live) {
      if (!this.printed.has(e.messageId)) this.lineBefore.set(e.messageId, this.line);
      this.printed.add(e.messageId);
      this.write(gap + e.text);
    }
  }

  saved(e: Saved): void {
    const { message } = e;
    const held = this.held.get(message.id);
    if (held === undefined) return;
    const retried = (message.error?.data as { retried?: boolean } | undefined)?.retried === true;
    if (retried) {
      this.held.delete(message.id);
      this.discarded.add(message.id);
      if (!this.printed.has(message.id)) return;
      const before = this.lineBefore.get(message.id) ?? '';
      // On a terminal the discarded text leaves the screen and the new answer takes its place;
      // where it cannot, the note says so.
      if (this.sink.retract?.(held, before)) this.line = before;
      else
        this.sink.note(
          '\nlena: the connection broke; Claude is asked again, and the text above is replaced by the new answer.',
        );
      return;
    }
    // A broken stream is saved incomplete first and marked retried after: only a complete one is
    // kept now; the rest waits for the turn's end.
    if (message.status === 'complete') this.keep(message.id, held);
  }

  /** The turn ended: what is still held (a partial answer kept with its note) is printed. */
  end(): void {
    for (const [id, held] of [...this.held]) this.keep(id, held);
  }

  private write(text: string): void {
    this.sink.write(text);
    const nl = text.lastIndexOf('\n');
    this.line = nl < 0 ? this.line + text : text.slice(nl + 1);
  }

  private keep(id: string, held: string): void {
    this.held.delete(id);
    // Held text was written against the kept text of its time: its own gap is recomputed.
    const body = held.replace(/^\n+/, '');
    const text = this.sink.live ? held : gapAfter(this.kept) + body;
    if (!this.sink.live) this.write(text);
    this.kept += this.sink.live ? held : text;
  }
}
