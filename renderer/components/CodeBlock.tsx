// A code block with light highlighting and a copy button.
import { memo } from 'react';
import { tokenize } from '../lib/highlight';
import { CopyButton } from './CopyButton';
import { Marked } from './Marked';

const MAX_HIGHLIGHT = 50_000;

export const CodeBlock = memo(function CodeBlock({
  code,
  language = '',
  label,
}: {
  code: string;
  language?: string;
  label?: string;
}) {
  const tokens =
    code.length > MAX_HIGHLIGHT
      ? [{ kind: 'plain' as const, text: code }]
      : tokenize(code, language);
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
    </div>
  );
});
