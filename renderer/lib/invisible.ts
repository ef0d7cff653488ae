// Makes hidden characters visible in text the window shows from models and tools: zero-width,
// bidirectional controls, tag characters and control codes each become a flagged marker such as
// ⟦U+200B⟧, and markers core already inserted are flagged the same way.

export interface Segment {
  text: string;
  /** True for a marker standing for invisible characters. */
  flagged: boolean;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Whether a code point is invisible or a control that can hide or reorder text. */
export function isInvisibleCodePoint(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0xfeff ||
    cp === 0x00ad ||
    cp === 0x180e ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp < 0x20 && cp !== 0x0a && cp !== 0x09 && cp !== 0x0d) ||
    (cp >= 0x7f && cp <= 0x9f)
  );
}

/** Splits text into plain runs and flagged markers (existing ⟦…⟧ markers included). */
export function markInvisible(text: string): Segment[] {
  const out: Segment[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ text: plain, flagged: false });
    plain = '';
  };
  for (let i = 0; i < text.length; ) {
    if (text[i] === '⟦') {
      const end = text.indexOf('⟧', i);
      if (end > i) {
        flush();
        out.push({ text: text.slice(i, end + 1), flagged: true });
        i = end + 1;
        continue;
      }
    }
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    if (isInvisibleCodePoint(cp)) {
      flush();
      out.push({ text: cp === 0x1b ? '⟦ESC⟧' : `⟦${hex(cp)}⟧`, flagged: true });
    } else plain += text.slice(i, i + width);
    i += width;
  }
  flush();
  return out;
}

/** Whether text holds anything markInvisible would flag (fast path for the common case). */
export function hasInvisible(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u180e\u202a-\u202e\u2066-\u2069\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f⟦]|\udb40[\udc00-\udc7f]/.test(text);
}
