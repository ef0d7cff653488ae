// One row of a server's log (issue 16): time, direction (→ sent, ← received, stderr, • Lena's
// note), what the message is (method, id, duration of a request/response pair, size) on one line,
// told apart by colour and by a word; Enter, Space or a click expands it to its pretty JSON.
import { memo, useEffect, useState } from 'react';
import type { InspectorBody, InspectorRow } from '../../../shared/inspector-types';
import { CodeBlock } from '../../components/CodeBlock';
import { Marked } from '../../components/Marked';
import { formatBytes, formatClock, formatDuration } from '../../lib/format';
import { useLenaActions } from '../../store';

const ARROW = { out: '→', in: '←' } as const;

/** The glyph and word that say where a row came from (never colour alone). */
export function directionOf(row: InspectorRow): string {
  if (row.stream === 'stderr') return 'stderr';
  if (row.stream === 'lena') return '•';
  return ARROW[row.direction ?? 'in'];
}

/** The row as one line of text: what the row shows, what Copy and Save write. */
export function rowText(row: InspectorRow, answeredIn?: number | null): string {
  const time = formatClock(row.time);
  if (row.stream !== 'protocol') return `${time} ${directionOf(row)} ${row.summary}`;
  const duration = row.durationMs ?? answeredIn ?? null;
  const parts = [
    `${time} ${directionOf(row)} ${row.kind}`,
    row.method ?? '',
    row.id !== null ? `#${row.id}` : '',
    duration !== null ? formatDuration(duration) : '',
    formatBytes(row.bytes),
  ].filter(Boolean);
  return `${parts.join(' ')}  ${row.summary}`;
}

const pretty = (text: string): string | null => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
};

function Body({ server, row }: { server: string; row: InspectorRow }) {
  const { loadLogBody } = useLenaActions();
  const [body, setBody] = useState<InspectorBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadLogBody(server, row.seq).then(
      (r) => live && (r.ok ? setBody(r.value) : setError(r.error.message)),
    );
    return () => void (live = false);
  }, [server, row.seq, loadLogBody]);
  if (error) return <p className="small error log-body">{error}</p>;
  if (!body) return <p className="small muted log-body">Loading…</p>;
  const json = row.stream === 'protocol' && !body.truncated ? pretty(body.text) : null;
  return (
    <div className="log-body">
      {body.truncated && (
        <p className="small warning">
          Cut: the log keeps the first {formatBytes(utf8Length(body.text))} of this{' '}
          {formatBytes(body.bytes)} message.
        </p>
      )}
      {json !== null ? (
        <CodeBlock code={json} language="json" label={`${row.kind} ${row.method ?? ''}`.trim()} />
      ) : (
        <CodeBlock
          code={body.text}
          label={row.stream === 'protocol' ? 'message (as received, cut)' : row.stream}
        />
      )}
    </div>
  );
}

/** UTF-8 size of text in the window (no Buffer here). */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

interface RowProps {
  server: string;
  row: InspectorRow;
  /** A request's duration, once its response is in. */
  answeredIn: number | null;
  expanded: boolean;
  focusable: boolean;
  onToggle(seq: number): void;
  onFocusRow(seq: number): void;
}

export const LogRow = memo(function LogRow({
  server,
  row,
  answeredIn,
  expanded,
  focusable,
  onToggle,
  onFocusRow,
}: RowProps) {
  const duration = row.durationMs ?? answeredIn;
  const tone =
    row.stream === 'protocol' ? (row.kind === 'error' ? 'error' : row.direction) : row.stream;
  return (
    <li className={`log-row tone-${tone}`}>
      <button
        type="button"
        className="log-line"
        aria-expanded={expanded}
        tabIndex={focusable ? 0 : -1}
        data-seq={row.seq}
        onClick={() => onToggle(row.seq)}
        onFocus={() => onFocusRow(row.seq)}
      >
        {/* Spaces between the parts: the row's text (and its accessible name) reads as words. */}
        <span className="log-time">{formatClock(row.time)}</span>{' '}
        <span className="log-dir">{directionOf(row)}</span>{' '}
        {row.stream === 'protocol' && (
          <>
            <span className="log-kind">{row.kind}</span>{' '}
            {row.method && (
              <>
                <span className="log-method">{row.method}</span>{' '}
              </>
            )}
            {row.id !== null && (
              <>
                <span className="log-id">#{row.id}</span>{' '}
              </>
            )}
            {duration !== null && (
              <>
                <span className="log-duration">{formatDuration(duration)}</span>{' '}
              </>
            )}
            <span className="log-size">
              {formatBytes(row.bytes)}
              {row.truncated ? ' (cut)' : ''}
            </span>{' '}
          </>
        )}
        <span className="log-summary">
          <Marked text={row.summary} />
        </span>
      </button>
      {expanded && <Body server={server} row={row} />}
    </li>
  );
});
