// A tool's result as plain text (never Markdown-executed), images as thumbnails that open large,
// structured content as JSON, and long text cut with "Show all (N KB)".
import { useRef, useState } from 'react';
import { CODE_PREVIEW_CHARS, CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { Marked } from '../../components/Marked';
import { formatBytes } from '../../lib/format';
import { Lightbox } from './Lightbox';
import { useLenaActions } from '../../store';

const PREVIEW_CHARS = CODE_PREVIEW_CHARS;
const IMAGE_MIME = /^image\/(png|jpeg|gif|webp)$/;

interface Block {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
}

function blocksOf(result: unknown): { blocks: Block[]; structured: unknown } {
  if (result === null || typeof result !== 'object') return { blocks: [], structured: undefined };
  const r = result as { content?: unknown; structuredContent?: unknown };
  const blocks = Array.isArray(r.content)
    ? (r.content.filter((b) => b && typeof b === 'object') as Block[])
    : [];
  return { blocks, structured: r.structuredContent };
}

/** All text of a result, for the copy button. */
export function resultText(result: unknown): string {
  return blocksOf(result)
    .blocks.map((b) =>
      b.type === 'text' ? (b.text ?? '') : b.type === 'resource' ? (b.resource?.text ?? '') : '',
    )
    .filter(Boolean)
    .join('\n');
}

function LongText({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const long = text.length > PREVIEW_CHARS;
  return (
    <>
      {/* A group, not a landmark: several cards may show their results at once. */}
      <pre className="result-text" tabIndex={0} role="group" aria-label="Tool result text">
        <Marked text={all || !long ? text : text.slice(0, PREVIEW_CHARS)} />
      </pre>
      {long && !all && (
        <button className="small-button" onClick={() => setAll(true)}>
          Show all ({formatBytes(new TextEncoder().encode(text).length)})
        </button>
      )}
    </>
  );
}

function Thumbnail({ src, label }: { src: string; label: string }) {
  const [large, setLarge] = useState(false);
  const thumb = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={thumb}
        className="thumb"
        onClick={() => setLarge(true)}
        aria-label={`Open ${label} large`}
      >
        <img src={src} alt={label} />
      </button>
      {large && (
        <Lightbox
          src={src}
          label={label}
          onClose={() => {
            setLarge(false);
            thumb.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** Thumbnails drawn before "Show N more": dozens of large images must not freeze the window. */
const IMAGE_LIMIT = 12;

// Long: one branch of markup per content block type, and structured content.
/** `omitText`: a text block the card already shows (a tool's error, in its error line), left out here. */
export function ToolResult({
  result,
  server,
  omitText = null,
}: {
  result: unknown;
  server?: string;
  omitText?: string | null;
}) {
  const { openResource, addAttachments } = useLenaActions();
  const all = blocksOf(result);
  const { structured } = all;
  const omitted =
    omitText === null ? -1 : all.blocks.findIndex((b) => b.type === 'text' && b.text === omitText);
  const blocks = all.blocks.filter((_, i) => i !== omitted);
  const text = resultText(result);
  const [allImages, setAllImages] = useState(false);
  const imageCount = blocks.filter(
    (b) => b.type === 'image' && b.data && IMAGE_MIME.test(b.mimeType ?? ''),
  ).length;
  let imageOrdinal = 0;
  if (blocks.length === 0 && structured === undefined)
    return omitted >= 0 ? null : <p className="muted small">No result content.</p>;
  return (
    <div className="tool-result">
      <div className="section-head">
        <span className="muted small">Result</span>
        {text && <CopyButton text={text} label="Copy result" />}
      </div>
      {blocks.map((b, i) => {
        if (b.type === 'text') return <LongText key={i} text={b.text ?? ''} />;
        if (b.type === 'image' && b.data && IMAGE_MIME.test(b.mimeType ?? '')) {
          const ordinal = ++imageOrdinal;
          if (!allImages && ordinal > IMAGE_LIMIT) return null;
          return (
            <Thumbnail
              key={i}
              src={`data:${b.mimeType};base64,${b.data}`}
              label={`Image ${ordinal} from the tool`}
            />
          );
        }
        if (b.type === 'resource') {
          const res = b.resource ?? {};
          // Issue 22: an embedded resource can go with the next message, as a document or image.
          const attach = server &&
            res.uri &&
            (res.text !== undefined || res.blob !== undefined) && (
              <button
                className="small-button"
                aria-label={`Attach ${res.uri} to the message`}
                onClick={() =>
                  addAttachments([
                    {
                      kind: 'resource',
                      server,
                      uri: res.uri!,
                      name: res.uri!.split('/').pop() || res.uri!,
                      mimeType:
                        res.mimeType ??
                        (res.blob !== undefined ? 'application/octet-stream' : 'text/plain'),
                      data: res.text ?? res.blob ?? '',
                      ...(res.blob !== undefined ? { blob: true } : {}),
                    },
                  ])
                }
              >
                Attach to message
              </button>
            );
          return res.text !== undefined ? (
            <div key={i}>
              <span className="muted small mono">{res.uri}</span> {attach}
              <LongText text={res.text} />
            </div>
          ) : (
            <p key={i} className="muted small mono">
              Resource {res.uri} ({res.mimeType ?? 'binary'}, not shown) {attach}
            </p>
          );
        }
        if (b.type === 'resource_link')
          return (
            <p key={i} className="small">
              Link to resource: <span className="mono">{b.uri}</span>{' '}
              {server && b.uri && (
                <button
                  className="small-button"
                  onClick={() => void openResource(server, b.uri!, b.name ?? b.uri)}
                  aria-label={`Open resource ${b.name ?? b.uri}`}
                >
                  Open
                </button>
              )}
            </p>
          );
        return (
          <p key={i} className="muted small">
            {b.type} content ({b.mimeType ?? 'unknown type'}), not shown
          </p>
        );
      })}
      {!allImages && imageCount > IMAGE_LIMIT && (
        <button className="small-button" onClick={() => setAllImages(true)}>
          Show {imageCount - IMAGE_LIMIT} more images
        </button>
      )}
      {structured !== undefined && (
        <CodeBlock
          code={JSON.stringify(structured, null, 2)}
          language="json"
          label="structured content"
        />
      )}
    </div>
  );
}
