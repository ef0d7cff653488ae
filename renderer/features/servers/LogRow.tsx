// One entry of a server's log: time, direction (→ sent, ← received, stderr, • Lena's note), what
// the message is (method, id, size) on one line, told apart by colour and by a word. A request and
// its answer are one entry (the answer's kind, size and the time it took on the same line); Enter,
// Space or a click expands it to both messages' pretty JSON.
import { memo, useEffect, useState } from 'react';
import type { InspectorBody, InspectorRow } from '../../../shared/inspector-types';
import { CodeBlock } from '../../components/CodeBlock';
import { Marked } from '../../components/Marked';
import { formatBytes, formatClock, formatDuration } from '../../lib/format';
import { useLenaActions } from '../../store';
import type { LogEntry } from '../../store/inspector/log-entries';

const ARROW = { out: '→', in: '←' } as const;

/** The glyph and word that say where a row came from (never colour alone). */
export function directionOf(row: InspectorRow): string {
  if (row.stream === 'stderr') return 'stderr';
  if (row.stream === 'lena') return '•';
  return ARROW[row.direction ?? 'in'];
}

/** What a request's entry says of its answer: the time it took and the answer's kind and size. */
function answerParts(entry: LogEntry): string[] {
  const { row, reply } = entry;
  if (row.kind !== 'request') return [];
  if (!reply) return ['waiting', `${formatBytes(row.bytes)}${row.truncated ? ' (cut)' : ''}`];
  return [
    ...(reply.durationMs !== null ? [formatDuration(reply.durationMs)] : []),
    `${formatBytes(row.bytes)}${row.truncated ? ' (cut)' : ''} ·`,
    `${reply.kind} ${formatBytes(reply.bytes)}${reply.truncated ? ' (cut)' : ''}`,
  ];
}

/** The one line the entry shows after its parts: an error's message, else the first message's start. */
const summaryOf = (entry: LogEntry): string =>
  entry.reply?.kind === 'error' ? entry.reply.summary : entry.row.summary;

/** The entry as one line of text: what the row shows, what Copy and Save write. */
export function entryText(entry: LogEntry): string {
  const { row } = entry;
  const time = formatClock(row.time);
  if (row.stream !== 'protocol') return `${time} ${directionOf(row)} ${row.summary}`;
  const answer = answerParts(entry);
  const parts = [
    `${time} ${directionOf(row)} ${row.kind}`,
    row.method ?? '',
    row.id !== null ? `#${row.id}` : '',
    ...(answer.length > 0
      ? answer
      : [
          row.durationMs !== null ? formatDuration(row.durationMs) : '',
          `${formatBytes(row.bytes)}${row.truncated ? ' (cut)' : ''}`,
        ]),
  ].filter(Boolean);
  return `${parts.join(' ')}  ${summaryOf(entry)}`;
}

/** What the filter searches: the line, and the answer's start as well. */
export const entrySearchText = (entry: LogEntry): string =>
  entry.reply ? `${entryText(entry)} ${entry.reply.summary}` : entryText(entry);

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
  entry: LogEntry;
  expanded: boolean;
  focusable: boolean;
  onToggle(seq: number): void;
  onFocusRow(seq: number): void;
}

export const LogRow = memo(function LogRow({
  server,
  entry,
  expanded,
  focusable,
  onToggle,
  onFocusRow,
}: RowProps) {
  const { row, reply } = entry;
  const failed = row.kind === 'error' || reply?.kind === 'error';
  const tone = row.stream === 'protocol' ? (failed ? 'error' : row.direction) : row.stream;
  // The line's parts after the method and id, as entryText writes them.
  const answer = answerParts(entry);
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
            {answer.length > 0 ? (
              <>
                <span className={reply ? 'log-duration' : 'log-waiting'}>{answer[0]}</span>{' '}
                {answer.slice(1).map((part) => (
                  <span key={part} className="log-size">
                    {part}{' '}
                  </span>
                ))}
              </>
            ) : (
              <>
                {row.durationMs !== null && (
                  <>
                    <span className="log-duration">{formatDuration(row.durationMs)}</span>{' '}
                  </>
                )}
                <span className="log-size">
                  {formatBytes(row.bytes)}
                  {row.truncated ? ' (cut)' : ''}
                </span>{' '}
              </>
            )}
          </>
        )}
        <span className="log-summary">
          <Marked text={summaryOf(entry)} />
        </span>
      </button>
      {expanded && (
        <div className="log-bodies">
          <Body server={server} row={row} />
          {reply && <Body server={server} row={reply} />}
        </div>
      )}
    </li>
  );
});
