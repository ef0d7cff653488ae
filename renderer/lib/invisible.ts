// Hidden characters in text the window shows from models and tools, split into plain runs and
// flagged markers for rendering. What counts as hidden is core's scan (shared/invisible.ts), the
// same one the permission dialog's text went through; markers core already inserted are flagged too.
import { scanText } from '../../shared/invisible';

export interface Segment {
  text: string;
  /** True for a marker standing for invisible characters. */
  flagged: boolean;
}

/** Splits text into plain runs and flagged ⟦…⟧ markers. */
export function markInvisible(text: string): Segment[] {
  const marked = scanText(text).marked;
  const out: Segment[] = [];
  let at = 0;
  for (let open = marked.indexOf('⟦'); open >= 0; open = marked.indexOf('⟦', at)) {
    const close = marked.indexOf('⟧', open);
    if (close < 0) break;
    if (open > at) out.push({ text: marked.slice(at, open), flagged: false });
    out.push({ text: marked.slice(open, close + 1), flagged: true });
    at = close + 1;
  }
  if (at < marked.length) out.push({ text: marked.slice(at), flagged: false });
  return out;
}

/** Whether text holds anything markInvisible would flag (the common case has none). */
export function hasInvisible(text: string): boolean {
  return text.includes('⟦') || scanText(text).findings.length > 0;
}
