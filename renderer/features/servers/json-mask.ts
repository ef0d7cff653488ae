// Masking in the JSON editor: the values the form masks (every `env` and `headers` value that is
// not a `${…}` reference) are drawn as dots until the user reveals them, so switching to the JSON
// tab never shows a credential the form hid. The text itself is unchanged: a masked value is one
// atomic piece the caret skips, and Save writes what the file has.
import { ensureSyntaxTree } from '@codemirror/language';
import { StateEffect, StateField, type EditorState, type Range } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

const MASKED_KEYS = new Set(['"env"', '"headers"']);
const REFERENCE = /^"\$\{[^}]+\}"$/;

class MaskWidget extends WidgetType {
  override eq(): boolean {
    return true;
  }
  override toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'cm-masked-value';
    span.textContent = '••••••••';
    span.setAttribute('aria-label', 'masked value');
    return span;
  }
}

const mask = Decoration.replace({ widget: new MaskWidget() });

/** The ranges of the values to mask (inside their quotes), in document order. */
export function maskedRanges(state: EditorState): { from: number; to: number }[] {
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  if (!tree) return [];
  const out: { from: number; to: number }[] = [];
  const text = (n: { from: number; to: number }) => state.doc.sliceString(n.from, n.to);
  tree.iterate({
    enter(node) {
      if (node.name !== 'Property') return;
      const key = node.node.getChild('PropertyName');
      const value = node.node.lastChild;
      if (!key || !value || value.name !== 'Object' || !MASKED_KEYS.has(text(key))) return;
      for (const property of value.getChildren('Property')) {
        const v = property.lastChild;
        if (v?.name === 'String' && !REFERENCE.test(text(v)) && v.to - v.from > 2)
          out.push({ from: v.from + 1, to: v.to - 1 });
      }
      return false;
    },
  });
  return out;
}

/** Turns masking on or off (Reveal / Hide). */
export const setMasked = StateEffect.define<boolean>();

function decorations(state: EditorState, on: boolean): DecorationSet {
  if (!on) return Decoration.none;
  const ranges: Range<Decoration>[] = maskedRanges(state).map((r) => mask.range(r.from, r.to));
  return Decoration.set(ranges);
}

/** The editor extension: masked from the start when `initially` is true. */
export function jsonMask(initially: boolean) {
  const field = StateField.define<{ on: boolean; set: DecorationSet }>({
    create: (state) => ({ on: initially, set: decorations(state, initially) }),
    update(value, tr) {
      let on = value.on;
      for (const e of tr.effects) if (e.is(setMasked)) on = e.value;
      if (on === value.on && !tr.docChanged) return value;
      return { on, set: decorations(tr.state, on) };
    },
    provide: (f) => [
      EditorView.decorations.from(f, (v) => v.set),
      EditorView.atomicRanges.of((view) => view.state.field(f).set),
    ],
  });
  return field;
}

/** Whether a JSON text has values the editor masks (parsed, so it needs no editor): for Reveal. */
export function hasMaskedValues(text: string): boolean {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return /"(env|headers)"\s*:/.test(text);
  }
  const walk = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null) return false;
    return Object.entries(v).some(([k, child]) =>
      (k === 'env' || k === 'headers') &&
      typeof child === 'object' &&
      child !== null &&
      !Array.isArray(child)
        ? Object.values(child).some(
            (x) => typeof x === 'string' && x !== '' && !REFERENCE.test(JSON.stringify(x)),
          )
        : walk(child),
    );
  };
  return walk(doc);
}
