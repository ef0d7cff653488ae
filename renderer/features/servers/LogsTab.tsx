// A server's stderr tail, its own log messages (notifications/message, with level and logger, at
// the level chosen here: logging/setLevel) and the protocol log: monospace, filterable, copyable;
// follows new lines unless the user scrolled up.
import { useEffect, useRef, useState } from 'react';
import type { ServerLogs, ServerStatus } from '../../../shared/server-types';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNote } from '../../components/ErrorNote';
import { Marked } from '../../components/Marked';
import { formatClock, formatDuration } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';

type LogLevel = NonNullable<ServerLogs['logLevel']>;
const LEVELS: LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Saves text as a file through a blob download (nothing leaves the machine). */
function saveText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function LogsTab({ server }: { server: ServerStatus }) {
  const logs = useLena(serversSelectors.logs(server.name));
  const error = useLena(serversSelectors.logsError(server.name));
  const { loadLogs, setLogLevel } = useLenaActions();
  const [filter, setFilter] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  useEffect(() => {
    void loadLogs(server.name);
    const t = setInterval(() => void loadLogs(server.name), 2000);
    return () => clearInterval(t);
  }, [server.name, loadLogs]);
  const stderr = logs?.stderrTail ?? server.stderrTail;
  const f = filter.toLowerCase();
  const protocolLines = (logs?.protocol ?? []).map(
    (p) => `${formatClock(p.time)} ${p.direction === 'out' ? '→' : '←'} ${p.kind}${p.method ? ` ${p.method}` : ''}${p.id !== null ? ` #${p.id}` : ''}${p.durationMs !== null ? ` ${formatDuration(p.durationMs)}` : ''} ${p.bytes} B  ${p.preview}`,
  );
  const messageLines = (logs?.messages ?? []).map((m) => `${formatClock(m.time)} [${m.level}]${m.logger ? ` ${m.logger}` : ''}${m.source === 'client' ? ' (Lena)' : ''}: ${m.text}`);
  const lines = [...stderr.split('\n').filter((l) => l !== '').map((l) => `stderr  ${l}`), ...messageLines, ...protocolLines].filter((l) => l.toLowerCase().includes(f));
  const text = lines.join('\n');
  useEffect(() => {
    if (follow.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [text]);
  return (
    <div className="logs-tab">
      <div className="row">
        <input type="search" placeholder="Filter lines" aria-label="Filter log lines" value={filter} onChange={(e) => setFilter(e.target.value)} className="grow" />
        <label className="small">
          Server messages from{' '}
          <select aria-label="Server log level" value={logs?.logLevel ?? 'info'} onChange={(e) => void setLogLevel(server.name, e.target.value as LogLevel)}>
            {LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </label>
        <CopyButton text={text} label="Copy log" />
        <button className="small-button" onClick={() => saveText(`${server.name}-log.txt`, text)}>Save log</button>
      </div>
      {error && <ErrorNote title="Could not read the protocol log" error={error} />}
      <div className="log-view mono" ref={box} role="log" tabIndex={0} aria-label={`Log of ${server.name}`}
        onScroll={(e) => { const el = e.currentTarget; follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24; }}>
        {lines.length === 0 ? <span className="muted">{filter ? 'No line matches the filter.' : 'Nothing logged yet.'}</span> : lines.map((l, i) => <div key={i}><Marked text={l} /></div>)}
      </div>
    </div>
  );
}
