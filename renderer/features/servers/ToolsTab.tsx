// A server's tools: searchable, with hint badges, per-tool switch, pinned-definition status and
// the token cost of each definition.
import { useEffect, useRef, useState } from 'react';
import type { ServerStatus, ToolInfo } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { HintBadges } from '../../components/HintBadges';
import { Marked } from '../../components/Marked';
import { formatTokens } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { serversSelectors } from '../../store/servers/selectors';
import { settingsSelectors } from '../../store/settings/selectors';
import { RunToolPanel } from './RunToolPanel';

const PIN = {
  unpinned: 'not pinned yet',
  pinned: 'pinned',
  changed: 'definition changed since approval · not offered to Claude',
  new: 'new since you approved the server · not offered to Claude',
  rejected: 'rejected · not offered to Claude',
} as const;
/** True when the server gave a hint the badges show. */
const hasHints = (a: ToolInfo['annotations']): boolean =>
  Boolean(a.readOnlyHint || a.destructiveHint || a.idempotentHint || a.openWorldHint) ||
  (a.readOnlyHint === false && a.destructiveHint === undefined);

/** Rows drawn at first: a server can list thousands of tools; search narrows them. */
const PAGE = 200;

// Long: search, paging and the tool rows share the tab's expanded and filter state.
export function ToolsTab({ server }: { server: ServerStatus }) {
  const tools = useLena(serversSelectors.tools(server.name));
  const error = useLena(serversSelectors.toolsError(server.name));
  const { loadTools, setToolEnabled, acceptDefinition, rejectTool, updateSettings } =
    useLenaActions();
  // Tools at scale: "always loaded" tools are never deferred behind the tool search.
  const toolSearch = useLena(settingsSelectors.settings)?.toolSearch;
  const setAlwaysLoaded = (qualified: string, on: boolean) => {
    if (!toolSearch) return;
    const alwaysLoaded = on
      ? [...new Set([...toolSearch.alwaysLoaded, qualified])]
      : toolSearch.alwaysLoaded.filter((n) => n !== qualified);
    void updateSettings({ toolSearch: { ...toolSearch, alwaysLoaded } }).then((r) =>
      setRowError(r.ok ? null : `Could not change ${qualified}: ${r.error.message}`),
    );
  };
  const [query, setQuery] = useState('');
  const [rowError, setRowError] = useState<string | null>(null);
  const [limit, setLimit] = useState(PAGE);
  /** The tool whose run-by-hand form is open (issue 16). */
  const [running, setRunning] = useState<string | null>(null);
  const runButtons = useRef(new Map<string, HTMLButtonElement>());
  const closeRun = (name: string) => {
    setRunning(null);
    runButtons.current.get(name)?.focus();
  };
  useEffect(() => void loadTools(server.name), [server.name, server.toolCount, loadTools]);
  const q = query.toLowerCase();
  const shown = tools.filter(
    (t) =>
      t.name.toLowerCase().includes(q) ||
      t.description.toLowerCase().includes(q) ||
      (t.title ?? '').toLowerCase().includes(q),
  );
  if (error)
    return (
      <ErrorNote title="Could not list the tools" error={error}>
        <button onClick={() => void loadTools(server.name)}>Retry</button>
      </ErrorNote>
    );
  return (
    <div className="tools-tab">
      <input
        type="search"
        placeholder="Search tools"
        aria-label="Search tools"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {rowError && (
        <p className="error small" role="alert">
          {rowError}
        </p>
      )}
      {tools.length === 0 ? (
        <p className="muted">
          {server.status === 'connected'
            ? 'This server offers no tools.'
            : 'Tools appear once the server is connected.'}
        </p>
      ) : (
        <>
          {!server.trusted && tools.some((t) => hasHints(t.annotations)) && (
            <p className="small muted tools-untrusted" data-testid="untrusted-hints-note">
              The badges are hints {server.name} gives about its own tools; it is not trusted, so
              Lena does not rely on them.
            </p>
          )}
          <ul role="list" className="tool-list">
            {/* Long: one tool's row reads the tab's expanded and run state. */}
            {shown.slice(0, limit).map((t) => (
              <li key={t.name} className="tool-row">
                <div className="tool-line">
                  <label className="switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={t.enabled}
                      aria-label={`Enable ${t.name}`}
                      onChange={(e) =>
                        void setToolEnabled(server.name, t.name, e.target.checked).then((r) =>
                          setRowError(
                            r.ok ? null : `Could not change ${t.name}: ${r.error.message}`,
                          ),
                        )
                      }
                    />
                  </label>
                  <span className="tool-names">
                    <strong className="mono">{t.name}</strong>
                    {t.title && <span className="tool-title">{t.title}</span>}
                  </span>
                  <span
                    className={`small tool-pin ${t.pin === 'changed' || t.pin === 'new' ? 'warning' : 'muted'}`}
                  >
                    {PIN[t.pin]}
                  </span>
                  {toolSearch ? (
                    <label
                      className="small muted"
                      title="Never deferred behind the tool search, even with many tools"
                    >
                      <input
                        type="checkbox"
                        checked={toolSearch.alwaysLoaded.includes(t.qualifiedName)}
                        onChange={(e) => setAlwaysLoaded(t.qualifiedName, e.target.checked)}
                      />{' '}
                      always loaded
                    </label>
                  ) : (
                    <span />
                  )}
                  <span className="muted small tool-tokens">{formatTokens(t.tokens)}</span>
                  <button
                    className="small-button"
                    ref={(el) =>
                      void (el
                        ? runButtons.current.set(t.name, el)
                        : runButtons.current.delete(t.name))
                    }
                    aria-expanded={running === t.name}
                    aria-label={`Run ${t.name} by hand`}
                    disabled={server.status !== 'connected'}
                    onClick={() => setRunning(running === t.name ? null : t.name)}
                  >
                    Run…
                  </button>
                </div>
                <div className="tool-desc">
                  <HintBadges
                    hints={t.annotations}
                    trusted={server.trusted}
                    noteUntrusted={false}
                  />
                </div>
                <p className="small tool-desc">
                  <Marked text={t.description} />
                </p>
                {running === t.name && (
                  <RunToolPanel server={server.name} tool={t} onClose={() => closeRun(t.name)} />
                )}
                {(t.pin === 'changed' || t.pin === 'new' || t.pin === 'rejected') && (
                  <div className="row">
                    <button
                      className="small-button"
                      onClick={() =>
                        void acceptDefinition(server.name, t.name).then((r) =>
                          setRowError(r.ok ? null : r.error.message),
                        )
                      }
                    >
                      {t.pin === 'changed' ? 'Accept the new definition' : `Accept ${t.name}`}
                    </button>
                    {t.pin !== 'rejected' && (
                      <button
                        className="small-button"
                        onClick={() =>
                          void rejectTool(server.name, t.name).then((r) =>
                            setRowError(r.ok ? null : r.error.message),
                          )
                        }
                      >
                        Reject
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {shown.length > limit && (
        <div className="row">
          <span className="muted small">
            Showing {limit} of {shown.length} tools{query ? ' that match' : ''}; search to narrow
            them.
          </span>
          <button className="small-button" onClick={() => setLimit(limit + PAGE * 5)}>
            Show {Math.min(PAGE * 5, shown.length - limit)} more
          </button>
        </div>
      )}
    </div>
  );
}
