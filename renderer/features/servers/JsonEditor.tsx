// A CodeMirror 6 JSON editor that lints as you type with the caller's validator (core's rules),
// marking each problem at its line.
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { classHighlighter } from '@lezer/highlight';
import { EditorView, basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { EditorIssue } from '../../lib/config-validate';
import { jsonMask, setMasked } from './json-mask';

export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  validate(text: string): EditorIssue[];
  label: string;
  /** Draw env and header values as dots (the form masks them too); false shows them. */
  masked?: boolean;
}

export function JsonEditor({ value, onChange, validate, label, masked = false }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, validate, masked });
  latest.current = { onChange, validate, masked };

  useEffect(() => {
    const lint = linter(
      (v): Diagnostic[] => {
        const doc = v.state.doc;
        return latest.current.validate(doc.toString()).map((issue) => {
          const line = doc.line(Math.min(Math.max(1, issue.line), doc.lines));
          const from = Math.min(line.from + Math.max(0, issue.column - 1), line.to);
          return { from, to: Math.max(from, line.to), severity: 'error', message: issue.message };
        });
      },
      { delay: 150 },
    );
    view.current = new EditorView({
      parent: host.current!,
      doc: value,
      extensions: [
        basicSetup,
        json(),
        // Tokens as tok-* classes, coloured by the theme's CSS (CodeMirror's default colours are
        // for light backgrounds: its strings were 2.19:1 on the dark theme).
        syntaxHighlighting(classHighlighter),
        lint,
        lintGutter(),
        jsonMask(latest.current.masked),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) latest.current.onChange(u.state.doc.toString());
        }),
      ],
    });
    // The scroller takes Tab too, so the keyboard can scroll a long file without editing it.
    view.current.scrollDOM.tabIndex = 0;
    view.current.scrollDOM.setAttribute('role', 'region');
    view.current.scrollDOM.setAttribute('aria-label', `${label} (scroll)`);
    return () => view.current?.destroy();
    // The editor is created once; `value` changes from outside are applied below.
  }, [label]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setMasked.of(masked) });
  }, [masked]);

  return <div className="json-editor" ref={host} data-testid="json-editor" />;
}
