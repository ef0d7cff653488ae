// A server's log as an inspector shows it (issue 16): JSON-RPC traffic both ways, stderr and Lena's
// notes, interleaved by time, one line per request and its answer (expandable to both messages'
// pretty JSON) and per other message, filterable by stream, direction (who began the exchange)
// and text; the box fills the height left and follows new rows unless the
// user scrolled up. One Tab stop: arrow keys move between rows, Enter or Space expands one.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { InspectorStream } from '../../../shared/inspector-types';
import type { ServerLogs, ServerStatus } from '../../../shared/server-types';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNote } from '../../components/ErrorNote';
import { useFillHeight } from '../../components/use-fill-height';
import { useLena, useLenaActions } from '../../store';
import { inspectorSelectors } from '../../store/inspector/selectors';
import { logEntries } from '../../store/inspector/log-entries';
import { entrySearchText, entryText, LogRow } from './LogRow';

type LogLevel = NonNullable<ServerLogs['logLevel']>;
const LEVELS: LogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];
const STREAMS: { stream: InspectorStream; label: string }[] = [
  { stream: 'protocol', label: 'Protocol' },
  { stream: 'stderr', label: 'stderr' },
  { stream: 'lena', label: 'Lena' },
];
type Direction = 'all' | 'out' | 'in';

/** Saves text as a file through a blob download (nothing leaves the machine). */
function saveText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Long: filters, the live rows, export and stderr share the tab's filter and scroll state.
export function LogsTab({ server }: { server: ServerStatus }) {
  const rows = useLena(inspectorSelectors.rows(server.name));
  const error = useLena(inspectorSelectors.rowsError(server.name));
  const level = useLena(inspectorSelectors.logLevel(server.name));
  const { loadLogRows, loadLogs, setLogLevel } = useLenaActions();
  const [filter, setFilter] = useState('');
  const [streams, setStreams] = useState<Set<InspectorStream>>(
    () => new Set(['protocol', 'stderr', 'lena']),
  );
  const [direction, setDirection] = useState<Direction>('all');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [active, setActive] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  useFillHeight(box);

  useEffect(() => {
    void loadLogs(server.name); // the level asked of the server
    void loadLogRows(server.name);
    const t = setInterval(() => void loadLogRows(server.name), 1000);
    return () => clearInterval(t);
  }, [server.name, loadLogRows, loadLogs]);

  const entries = useMemo(() => logEntries(rows), [rows]);
  const f = filter.trim().toLowerCase();
  const shown = useMemo(
    () =>
      entries.filter(({ row }) => {
        if (!streams.has(row.stream)) return false;
        // A direction means protocol exchanges begun that way only.
        if (direction !== 'all' && (row.stream !== 'protocol' || row.direction !== direction))
          return false;
        return true;
      }),
    [entries, streams, direction],
  );
  const matching = useMemo(
    () => (f === '' ? shown : shown.filter((e) => entrySearchText(e).toLowerCase().includes(f))),
    [shown, f],
  );
  const text = useMemo(() => matching.map(entryText).join('\n'), [matching]);

  const last = matching.at(-1);
  useEffect(() => {
    if (follow.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last?.row.seq, last?.reply?.seq]);

  const toggle = useCallback(
    (seq: number) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (!next.delete(seq)) next.add(seq);
        return next;
      }),
    [],
  );
  const focusRow = useCallback((seq: number) => setActive(seq), []);
  // The one row in the Tab order: the last focused one while it is shown, else the newest.
  const tabStop =
    active !== null && matching.some((e) => e.row.seq === active)
      ? active
      : (last?.row.seq ?? null);

  const onKey = (e: KeyboardEvent) => {
    const buttons = [
      ...(box.current?.querySelectorAll<HTMLButtonElement>('button.log-line') ?? []),
    ];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const page = Math.max(1, Math.floor((box.current?.clientHeight ?? 200) / 24));
    const to = {
      ArrowDown: i + 1,
      ArrowUp: i - 1,
      Home: 0,
      End: buttons.length - 1,
      PageDown: i + page,
      PageUp: i - page,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
  };

  const setStream = (stream: InspectorStream, on: boolean) =>
    setStreams((s) => {
      const next = new Set(s);
      if (on) next.add(stream);
      else next.delete(stream);
      return next;
    });

  return (
    <div className="logs-tab">
      <div className="row wrap log-toolbar">
        <input
          type="search"
          placeholder="Filter lines"
          aria-label="Filter log lines"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="grow"
        />
        <fieldset className="log-streams">
          <legend className="sr-only">Streams</legend>
          {STREAMS.map(({ stream, label }) => (
            <label key={stream} className={`check small tone-${stream}`}>
              <input
                type="checkbox"
                checked={streams.has(stream)}
                onChange={(e) => setStream(stream, e.target.checked)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <label className="small">
          Direction{' '}
          <select
            aria-label="Direction"
            value={direction}
            onChange={(e) => setDirection(e.target.value as Direction)}
          >
            <option value="all">Both ways</option>
            <option value="out">→ Sent</option>
            <option value="in">← Received</option>
          </select>
        </label>
        <label className="small">
          Server messages from{' '}
          <select
            aria-label="Server log level"
            value={level}
            onChange={(e) => void setLogLevel(server.name, e.target.value as LogLevel)}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <span
          className="muted small"
          title="Lena keeps the last 2,000 rows or 10 MB of each server; a message over 64 KB is kept cut, with its size."
        >
          {matching.length === entries.length
            ? `${entries.length} rows`
            : `${matching.length} of ${entries.length} rows`}
        </span>
        <CopyButton text={text} label="Copy log" />
        <button className="small-button" onClick={() => saveText(`${server.name}-log.txt`, text)}>
          Save log
        </button>
      </div>
      {error && <ErrorNote title="Could not read the log" error={error} />}
      <div
        className="log-view mono"
        ref={box}
        role="log"
        aria-label={`Log of ${server.name}`}
        onKeyDown={onKey}
        tabIndex={matching.length === 0 ? 0 : -1}
        onScroll={(e) => {
          const el = e.currentTarget;
          follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {matching.length === 0 ? (
          <span className="muted">
            {rows.length > 0 ? 'No line matches the filters.' : 'Nothing logged yet.'}
          </span>
        ) : (
          <ul className="log-rows">
            {matching.map((e) => (
              <LogRow
                key={e.row.seq}
                server={server.name}
                entry={e}
                expanded={expanded.has(e.row.seq)}
                focusable={e.row.seq === tabStop}
                onToggle={toggle}
                onFocusRow={focusRow}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
