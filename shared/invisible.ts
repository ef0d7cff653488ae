// Makes hidden text visible. Tool descriptions and arguments reach the model verbatim, so a
// description can carry instructions the user never sees (zero-width, bidi, ANSI, tag characters);
// the dialog shows every one as a marker and lists what was found. One scan for core and the
// window (which flags model and tool text with it too). Pure: no Node, no DOM.

export type InvisibleCategory = 'zero-width' | 'bidi' | 'ansi' | 'control' | 'tag';

export interface InvisibleFinding {
  category: InvisibleCategory;
  /** `U+200B`, or the escaped sequence for ANSI (`ESC[31m`). */
  code: string;
  /** UTF-16 offset in the original text. */
  index: number;
  /** For a run of tag characters: the ASCII text they spell. */
  hidden?: string;
}

export interface TextScan {
  /** The text with each finding replaced by a visible marker such as `⟦U+200B⟧`. */
  marked: string;
  findings: InvisibleFinding[];
  /** Phrases that try to steer the model ("ignore previous instructions"), found even when hidden. */
  suspicious: string[];
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

function categoryOf(cp: number): InvisibleCategory | undefined {
  if (
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0xfeff ||
    cp === 0x00ad ||
    cp === 0x180e
  ) {
    return 'zero-width';
  }
  // Blank-looking letters and supplementary variation selectors: both can carry text nobody sees.
  if (
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  ) {
    return 'zero-width';
  }
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if ((cp < 0x20 && cp !== 0x0a && cp !== 0x09) || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  return undefined;
}

const isVariationSelector = (cp: number) => cp >= 0xfe00 && cp <= 0xfe0f;

/** A lone U+FE0F after an emoji is ordinary; a run of variation selectors smuggles data. */
const inVariationRun = (text: string, i: number, cp: number) =>
  isVariationSelector(cp) &&
  (isVariationSelector(text.charCodeAt(i + 1)) || isVariationSelector(text.charCodeAt(i - 1)));

// CSI (ESC[ … final), OSC (ESC] … BEL or ESC\), and any other two-byte escape.
// Control characters are exactly what these two expressions look for.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?/y;

/**
 * An escape sequence as inert text: ESC as `ESC`, other C0 controls and DEL as `^G`-style carets,
 * and anything else hidden inside it (C1, bidi, zero-width; an OSC's text can hold them) as `U+…`.
 */
function escapeControls(s: string): string {
  let out = '';
  for (const char of s) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp === 0x1b) out += 'ESC';
    else if (cp < 0x20 || cp === 0x7f) out += `^${String.fromCharCode(cp ^ 0x40)}`;
    else out += categoryOf(cp) || isVariationSelector(cp) ? hex(cp) : char;
  }
  return out;
}

/** The kind of hidden character a code point is (undefined for ordinary text). */
export const invisibleCategory = (cp: number): InvisibleCategory | undefined => categoryOf(cp);

/** Whether scanText marks this code point wherever it stands (a lone CR and variation-selector runs aside). */
export const isInvisibleCodePoint = (cp: number): boolean => categoryOf(cp) !== undefined;

/**
 * The text with every invisible or control character, and every ANSI sequence whole, replaced by
 * a visible marker (`⟦U+202E⟧`, `⟦ESC]52;c;…^G⟧`); newline, tab and CRLF stay. Text with nothing
 * to mark is returned as it is, without a scan.
 */
export function markedText(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Tag characters and the supplementary variation selectors all have the high surrogate U+DB40.
    if (
      (c < 0x20 && c !== 0x0a && c !== 0x09) ||
      categoryOf(c) ||
      isVariationSelector(c) ||
      c === 0xdb40
    )
      return scanText(text).marked;
  }
  return text;
}

/** Scans text for invisible and control characters and suspicious phrases. */
export function scanText(text: string): TextScan {
  const findings: InvisibleFinding[] = [];
  let marked = '';
  let visible = '';
  let hidden = '';
  // Plain text is copied a run at a time, from `plain` up to the next finding.
  let plain = 0;
  const flush = (end: number) => {
    const run = text.slice(plain, end);
    marked += run;
    visible += run;
  };
  let i = 0;
  while (i < text.length) {
    ANSI.lastIndex = i;
    const ansi = text.charCodeAt(i) === 0x1b ? ANSI.exec(text) : null;
    if (ansi) {
      flush(i);
      const code = escapeControls(ansi[0]);
      findings.push({ category: 'ansi', code, index: i });
      marked += `⟦${code}⟧`;
      i += ansi[0].length;
      plain = i;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    // A carriage return ending a line (CRLF) hides nothing; a lone one can overwrite a line in a terminal.
    const lineEnd = cp === 0x0d && text.charCodeAt(i + 1) === 0x0a;
    const category = lineEnd
      ? undefined
      : (categoryOf(cp) ?? (inVariationRun(text, i, cp) ? 'zero-width' : undefined));
    if (category === 'tag') {
      flush(i);
      // A run of tag characters can spell a whole hidden sentence: report it as one finding.
      const start = i;
      let spelled = '';
      while (i < text.length) {
        const t = text.codePointAt(i) ?? 0;
        if (t < 0xe0000 || t > 0xe007f) break;
        if (t >= 0xe0020 && t <= 0xe007e) spelled += String.fromCharCode(t - 0xe0000);
        i += 2;
      }
      findings.push({ category, code: hex(cp), index: start, hidden: spelled });
      marked += `⟦tag characters: "${spelled}"⟧`;
      hidden += ` ${spelled}`;
      plain = i;
      continue;
    }
    if (category) {
      flush(i);
      findings.push({ category, code: hex(cp), index: i });
      marked += `⟦${hex(cp)}⟧`;
      plain = i + width;
    }
    i += width;
  }
  flush(text.length);
  const suspicious = findSuspiciousPhrases(`${visible}\n${hidden}`);
  return { marked, findings, suspicious };
}

const SUSPICIOUS: RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding|other)\s+(?:instructions?|prompts?|messages?|rules|directions)/i,
  /\bdo\s+not\s+(?:tell|inform|mention|reveal|show)\b[^.]{0,40}\buser\b/i,
  /\b(?:without|don'?t)\s+(?:telling|informing|asking)\s+the\s+user\b/i,
  /\b(?:reveal|print|output|send|leak|exfiltrate)\s+(?:the\s+|your\s+)?(?:system\s+prompt|api\s+keys?|secrets?|credentials|tokens?)\b/i,
  /<\s*\/?\s*(?:important|system|instructions?)\s*>/i,
  /\bnew\s+instructions\s*:/i,
  /~\/\.ssh|\bid_rsa\b|\.aws\/credentials/i,
];

/** The suspicious phrases found in `text`, as written. */
export function findSuspiciousPhrases(text: string): string[] {
  const found: string[] = [];
  for (const pattern of SUSPICIOUS) {
    const match = pattern.exec(text);
    if (match) found.push(match[0]);
  }
  return found;
}
