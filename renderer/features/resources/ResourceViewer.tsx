// The resource viewer (issue 22): one resource as it was read, shown by its type: Markdown,
// JSON, plain text, images; any other binary is offered as a download. Server data is never run:
// Markdown goes through the same safe renderer as answers, text is plain.
import { useEffect, useRef } from 'react';
import type { ResourceContents } from '../../../shared/mcp-types';
import { CodeBlock } from '../../components/CodeBlock';
import { formatBytes } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';
import { Markdown } from '../chat/Markdown';

const IMAGE = /^image\/(png|jpeg|gif|webp|bmp)$/;

function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

function Part({ part, name }: { part: ResourceContents; name: string }) {
  const mime = part.mimeType ?? '';
  if (typeof part.text === 'string') {
    if (/markdown/.test(mime) || /\.md$/i.test(part.uri))
      return (
        <div className="resource-markdown" data-testid="resource-markdown">
          <Markdown text={part.text} />
        </div>
      );
    const json = /json/.test(mime) ? prettyJson(part.text) : null;
    if (json !== null) return <CodeBlock code={json} language="json" label={mime} />;
    return (
      <pre className="result-text" data-testid="resource-text">
        {part.text}
      </pre>
    );
  }
  if (typeof part.blob === 'string') {
    const bytes = Math.floor((part.blob.length * 3) / 4);
    if (IMAGE.test(mime))
      return <img className="resource-image" src={`data:${mime};base64,${part.blob}`} alt={name} />;
    const file = part.uri.split(/[/?#]/).filter(Boolean).pop() || 'resource.bin';
    return (
      <p>
        {mime || 'Binary data'}, {formatBytes(bytes)}.{' '}
        <a
          href={`data:${mime || 'application/octet-stream'};base64,${part.blob}`}
          download={file}
          className="button"
        >
          Download {file}
        </a>
      </p>
    );
  }
  return <p className="muted">This part is empty.</p>;
}

export function ResourceViewer() {
  const viewer = useLena(resourcesSelectors.viewer);
  const { closeViewer: close } = useLenaActions();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [viewer?.uri]);
  if (!viewer) return null;
  const { contents } = viewer;
  return (
    <div className="resource-viewer-backdrop" onClick={close}>
      <div
        className="resource-viewer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="resource-viewer-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            close();
          }
        }}
      >
        <div className="row">
          <h2 id="resource-viewer-title" ref={heading} tabIndex={-1}>
            {viewer.name}
          </h2>
          <span className="spacer" />
          <button onClick={close}>Close</button>
        </div>
        <p className="muted small mono">
          {viewer.server} · {viewer.uri}
        </p>
        {contents.error && (
          <p className="error" role="alert">
            Could not read it: {contents.error.message}
          </p>
        )}
        {contents.status === 'loading' && <p className="muted">Reading…</p>}
        {contents.value?.map((part, i, parts) => (
          <section key={i} aria-label={`Part ${i + 1}`}>
            {parts.length > 1 && (
              <p className="muted small mono">
                {part.uri} {part.mimeType}
              </p>
            )}
            <Part part={part} name={viewer.name} />
          </section>
        ))}
      </div>
    </div>
  );
}
