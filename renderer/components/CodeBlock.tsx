// A code block with light highlighting and a copy button. A very long one (a tool's structured
// result can be megabytes) shows its beginning with "Show all (size)": the copy button always
// copies the whole text, and the window never lays out megabytes nobody asked to see.
import { memo, useState } from 'react';
import { formatBytes } from '../lib/format';
import { tokenize } from '../lib/highlight';
import { CopyButton } from './CopyButton';
import { Marked } from './Marked';

const MAX_HIGHLIGHT = 50_000;
/** Characters shown before "Show all". */
export const CODE_PREVIEW_CHARS = 20_000;

export const CodeBlock = memo(function CodeBlock({
  code,
  language = '',
  label,
}: {
  code: string;
  language?: string;
  label?: string;
}) {
  const [all, setAll] = useState(false);
  const long = code.length > CODE_PREVIEW_CHARS;
  const shown = long && !all ? `${code.slice(0, CODE_PREVIEW_CHARS)}\n…` : code;
  const tokens =
    shown.length > MAX_HIGHLIGHT
      ? [{ kind: 'plain' as const, text: shown }]
      : tokenize(shown, language);
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="muted small">{label ?? (language || 'code')}</span>
        <CopyButton text={code} label={`Copy ${label ?? 'code'}`} />
      </div>
      {/* A stop the keyboard can scroll, named; a group, not a landmark: a conversation holds
          many code blocks, and landmarks must be few and each named once. */}
      <pre tabIndex={0} role="group" aria-label={label ?? (language ? `${language} code` : 'Code')}>
        <code>
          {tokens.map((t, i) =>
            t.kind === 'plain' ? (
              <Marked key={i} text={t.text} />
            ) : (
              <span key={i} className={`tok-${t.kind}`}>
                <Marked text={t.text} />
              </span>
            ),
          )}
        </code>
      </pre>
      {long && !all && (
        <button className="small-button" onClick={() => setAll(true)}>
          Show all ({formatBytes(new TextEncoder().encode(code).length)})
        </button>
      )}
    </div>
  );
});
