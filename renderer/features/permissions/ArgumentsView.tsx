// The arguments in the permission dialog, readable at any length (issue 15): pretty JSON with long
// strings folded to a first line, each shown in full below as a text block (folded after a screen
// of lines, with "Show all"), a diff for edits, and the raw JSON one click away.
import { useMemo, useState } from 'react';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { Marked } from '../../components/Marked';
import { layoutArguments, type DiffLine, type TextBlock } from '../../lib/arguments-view';

const LABEL = 'Arguments the tool will receive';
const PREVIEW_LINES = 24;

function Folded({
  lines,
  render,
}: {
  lines: number;
  render(limit: number | null): React.ReactNode;
}) {
  const [all, setAll] = useState(false);
  const long = lines > PREVIEW_LINES;
  return (
    <>
      {render(all || !long ? null : PREVIEW_LINES)}
      {long && !all && (
        <button className="small-button" onClick={() => setAll(true)}>
          Show all {lines} lines
        </button>
      )}
    </>
  );
}

function TextBlockView({ block, writesTo }: { block: TextBlock; writesTo: string | null }) {
  const title =
    writesTo && block.path === 'content' ? (
      <>
        Will write to <code>{writesTo}</code>
      </>
    ) : (
      <code>{block.path}</code>
    );
  return (
    <section className="arg-text" aria-label={`${block.path} (${block.lines} lines)`}>
      <div className="code-head">
        <span className="small">
          {title}{' '}
          <span className="muted">
            · {block.lines} {block.lines === 1 ? 'line' : 'lines'}
          </span>
        </span>
        <CopyButton text={block.text} label={`Copy ${block.path}`} />
      </div>
      <Folded
        lines={block.lines}
        render={(limit) => (
          <pre tabIndex={0} role="region" aria-label={`Text of ${block.path}`}>
            <Marked
              text={limit === null ? block.text : block.text.split('\n').slice(0, limit).join('\n')}
            />
          </pre>
        )}
      />
    </section>
  );
}

function DiffView({ path, lines }: { path: string; lines: DiffLine[] }) {
  return (
    <section className="arg-text arg-diff" aria-label={`Changes to ${path}`}>
      <div className="code-head">
        <span className="small">
          Changes to <code>{path}</code>
        </span>
      </div>
      <Folded
        lines={lines.length}
        render={(limit) => (
          <pre tabIndex={0} role="region" aria-label={`Diff of ${path}`}>
            {(limit === null ? lines : lines.slice(0, limit)).map((l, i) => (
              <span key={i} className={`diff-${l.kind}`}>
                {l.kind === 'del' ? '− ' : '+ '}
                <Marked text={l.text} />
              </span>
            ))}
          </pre>
        )}
      />
    </section>
  );
}

export function ArgumentsView({ text }: { text: string }) {
  const layout = useMemo(() => layoutArguments(text), [text]);
  const [raw, setRaw] = useState(false);
  if (!layout || layout.blocks.length === 0)
    return <CodeBlock code={text} language="json" label={LABEL} />;
  const diff = layout.write?.diff ?? null;
  return (
    <>
      <CodeBlock code={raw ? text : layout.json} language="json" label={LABEL} />
      <button className="small-button" aria-pressed={raw} onClick={() => setRaw(!raw)}>
        {raw ? 'Show long values below' : 'Show the raw JSON'}
      </button>
      {diff && layout.write && <DiffView path={layout.write.path} lines={diff} />}
      {!raw &&
        layout.blocks
          .filter((b) => !(diff && b.path.startsWith('edits[')))
          .map((b) => (
            <TextBlockView key={b.path} block={b} writesTo={layout.write?.path ?? null} />
          ))}
    </>
  );
}
