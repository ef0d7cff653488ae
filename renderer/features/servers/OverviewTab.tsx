// A server's overview: status with its reason, error with hint, stderr one click away, facts, and
// the actions (Restart, Enable/Disable, Trusted, Test connection, Remove with confirmation).
import { Marked } from '../../components/Marked';
import { AsksPanel } from './AsksPanel';
import { useState } from 'react';
import type { ServerStatus, TestConnectionResult } from '../../../shared/server-types';
import { errorLines } from '../../../shared/stderr-lines';
import { ErrorNote } from '../../components/ErrorNote';
import { formatDuration, formatTokens } from '../../lib/format';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';
import { PendingTools } from './PendingTools';
import { ServerStatusWord, SignInPanel } from './SignInPanel';
import { TestResult } from './TestResult';

// Long: one screen of a server's status, actions and details, all reading the same status.
export function OverviewTab({
  server,
  onShowLogs,
  onEdit,
}: {
  server: ServerStatus;
  onShowLogs(): void;
  onEdit?(): void;
}) {
  const {
    restartServer,
    setServerEnabled,
    setServerTrusted,
    removeServer,
    testServer,
    confirmServer,
  } = useLenaActions();
  const [error, setError] = useState<UiError | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [test, setTest] = useState<TestConnectionResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (label: string, fn: () => Promise<{ ok: boolean; error?: UiError }>) => {
    setBusy(label);
    const r = await fn();
    setBusy(null);
    setError(r.ok ? null : (r.error ?? null));
  };
  const disabled = server.status === 'disabled';
  return (
    <div className="overview">
      {/* A failure comes first: its cause, the stderr lines that name it (open), Edit and the logs. */}
      {server.error &&
        server.status !== 'needs-approval' &&
        server.signIn?.state !== 'required' && (
          <ErrorNote
            error={server.error}
            more={
              <>
                {errorLines(server.stderrTail).length > 0 && (
                  <pre
                    className="mono detail-pre"
                    data-testid="stderr-cause"
                    tabIndex={0}
                    role="region"
                    aria-label="Error lines from the server’s output"
                  >
                    {errorLines(server.stderrTail).join('\n')}
                  </pre>
                )}
                {server.stderrTail && (
                  <details>
                    <summary>All server output (stderr)</summary>
                    <pre
                      className="mono detail-pre"
                      data-testid="stderr-tail"
                      tabIndex={0}
                      role="region"
                      aria-label="Server output (stderr)"
                    >
                      {server.stderrTail}
                    </pre>
                  </details>
                )}
              </>
            }
          >
            {onEdit && <button onClick={onEdit}>Edit</button>}
            <button onClick={onShowLogs}>Open logs</button>
          </ErrorNote>
        )}
      <dl className="kv">
        <dt>Status</dt>
        <dd>
          <ServerStatusWord server={server} />
          {server.error &&
            server.status !== 'needs-approval' &&
            server.signIn?.state !== 'required' && (
              <span className="muted"> — the cause is above</span>
            )}
        </dd>
        <dt>Scope</dt>
        <dd>
          {server.scope} <span className="muted small mono">{server.file}</span>
        </dd>
        {server.shadowed.length > 0 && (
          <>
            <dt>Replaces</dt>
            <dd className="small">
              {server.shadowed.map((s) => `${s.scope} (${s.file})`).join(', ')}
            </dd>
          </>
        )}
        <dt>Transport</dt>
        <dd>{server.transport ?? '—'}</dd>
        <dt>Server</dt>
        <dd>
          {server.serverInfo ? `${server.serverInfo.name} ${server.serverInfo.version}` : '—'}
        </dd>
        <dt>Protocol</dt>
        <dd>{server.protocolVersion ?? '—'}</dd>
        <dt>Connected in</dt>
        <dd>
          {server.connectMs !== null ? formatDuration(server.connectMs) : '—'}
          {server.restarts ? ` · ${server.restarts} restarts` : ''}
        </dd>
        <dt>Offers</dt>
        <dd>
          {server.toolCount} tools · {server.resourceCount} resources · {server.promptCount} prompts
          · {formatTokens(server.toolTokens)} per request
        </dd>
      </dl>
      <SignInPanel server={server} />
      <AsksPanel server={server} />
      {server.logAlert && (
        <p className="warning small" role="status" data-testid="server-log-alert">
          ⚠ The server logged {/^[aeiou]/.test(server.logAlert.level) ? 'an' : 'a'}{' '}
          {server.logAlert.level}: <Marked text={server.logAlert.text} />{' '}
          <span className="muted">(all its messages: Logs)</span>
        </p>
      )}
      <PendingTools server={server} />
      {server.suspended && (
        <div className="notice" role="status" data-testid="trust-suspended">
          <p>
            ⚠ {server.suspended.charAt(0).toUpperCase() + server.suspended.slice(1)}. Its trust and
            “always allow” rules wait until you confirm this is still the server you meant.
          </p>
          <div className="row">
            <button onClick={() => void run('confirm', () => confirmServer(server.name))}>
              {busy === 'confirm' ? 'Confirming…' : 'Confirm server'}
            </button>
          </div>
        </div>
      )}
      {server.issues.length > 0 && (
        <ul className="issues" aria-label="Configuration problems">
          {server.issues.map((i, n) => (
            <li key={n} className="error small">
              {i.message}
            </li>
          ))}
        </ul>
      )}
      {server.instructions && (
        <details>
          <summary>Instructions from the server</summary>
          <pre className="result-text">{server.instructions}</pre>
        </details>
      )}
      <div className="row wrap">
        <button
          disabled={busy !== null || disabled}
          onClick={() => void run('restart', () => restartServer(server.name))}
        >
          {busy === 'restart' ? 'Restarting…' : 'Restart'}
        </button>
        <button
          disabled={busy !== null}
          onClick={() => void run('enable', () => setServerEnabled(server.name, disabled))}
        >
          {disabled ? 'Enable' : 'Disable'}
        </button>
        <button
          disabled={busy !== null || !server.entry}
          onClick={() =>
            void run('test', async () => {
              const r = await testServer(server.name, server.entry ?? {});
              if (r.ok) setTest(r.value);
              return r;
            })
          }
        >
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <label
          className="check"
          title="Trusted servers’ read-only hints can auto-approve tools (if enabled in Settings). Stored in your settings, never in the server’s entry."
        >
          <input
            type="checkbox"
            checked={server.trusted}
            onChange={(e) =>
              void run('trust', () => setServerTrusted(server.name, e.target.checked))
            }
          />{' '}
          Trusted
        </label>
        <span className="spacer" />
        {confirmRemove ? (
          <span className="row confirm-row" role="alert">
            Remove {server.name} from {server.scope} configuration?
            <button
              className="danger"
              onClick={() => void run('remove', () => removeServer(server.name))}
            >
              Remove
            </button>
            <button onClick={() => setConfirmRemove(false)}>Keep</button>
          </span>
        ) : (
          <button className="danger-outline" onClick={() => setConfirmRemove(true)}>
            Remove…
          </button>
        )}
      </div>
      {test && <TestResult result={test} />}
      {error && <ErrorNote title="That did not work" error={error} />}
    </div>
  );
}
