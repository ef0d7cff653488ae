// A server's overview: a failure in plain words (headline, advice, Details, stderr), the facts
// the server gave, and the actions (Restart, or the failure's Retry; Enable/Disable, Trusted,
// Test connection, Remove with confirmation).
import { SandboxFacts } from './SandboxFacts';
import { Marked } from '../../components/Marked';
import { AsksPanel } from './AsksPanel';
import { useState } from 'react';
import type { ServerStatus, TestConnectionResult } from '../../../shared/server-types';
import { serverProblem } from '../../../shared/server-problem';
import { errorLines } from '../../../shared/stderr-lines';
import { ErrorNote } from '../../components/ErrorNote';
import { formatDuration, formatTokens } from '../../lib/format';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';
import { PendingTools } from './PendingTools';
import { SignInPanel } from './SignInPanel';
import { TestResult } from './TestResult';

/** The stderr lines that name the failure (open), and all of stderr one click away. */
function StderrCause({ stderr }: { stderr: string }) {
  const lines = errorLines(stderr);
  return (
    <>
      {lines.length > 0 && (
        <pre
          className="mono detail-pre"
          data-testid="stderr-cause"
          tabIndex={0}
          role="region"
          aria-label="Error lines from the server’s output"
        >
          {lines.join('\n')}
        </pre>
      )}
      {stderr && (
        <details>
          <summary>All server output (stderr)</summary>
          <pre
            className="mono detail-pre"
            data-testid="stderr-tail"
            tabIndex={0}
            role="region"
            aria-label="Server output (stderr)"
          >
            {stderr}
          </pre>
        </details>
      )}
    </>
  );
}

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
  const problem =
    server.error && server.status !== 'needs-approval' && server.signIn?.state !== 'required'
      ? serverProblem(server.error, server.entry)
      : null;
  return (
    <div className="overview">
      {/* A failure comes first: what is wrong in plain words, the stderr lines that name it
          (open), the technical text behind Details, and Retry, Edit and the logs. */}
      {problem && (
        <ErrorNote
          title={problem.headline}
          error={{
            code: server.error!.code,
            message: problem.advice ?? '',
            detail: problem.detail,
          }}
          more={<StderrCause stderr={server.stderrTail} />}
        >
          <button
            disabled={busy !== null || disabled}
            onClick={() => void run('restart', () => restartServer(server.name))}
          >
            {busy === 'restart' ? 'Retrying…' : 'Retry'}
          </button>
          {onEdit && <button onClick={onEdit}>Edit</button>}
          <button onClick={onShowLogs}>Open logs</button>
        </ErrorNote>
      )}
      {/* The header says the status; a fact the server has not given yet is left out, not "—". */}
      <dl className="kv">
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
        {server.transport && (
          <>
            <dt>Transport</dt>
            <dd>{server.transport}</dd>
          </>
        )}
        {server.serverInfo && (
          <>
            <dt>Server</dt>
            <dd>
              {server.serverInfo.name} {server.serverInfo.version}
            </dd>
          </>
        )}
        {server.protocolVersion && (
          <>
            <dt>Protocol</dt>
            <dd>{server.protocolVersion}</dd>
          </>
        )}
        {server.connectMs !== null && (
          <>
            <dt>Connected in</dt>
            <dd>
              {formatDuration(server.connectMs)}
              {server.restarts ? ` · ${server.restarts} restarts` : ''}
            </dd>
          </>
        )}
        {server.sandbox && (
          <SandboxFacts server={server} sandbox={server.sandbox} onEdit={onEdit} />
        )}
        {server.status === 'connected' && (
          <>
            <dt>Offers</dt>
            <dd>
              {server.toolCount} tools · {server.resourceCount} resources · {server.promptCount}{' '}
              prompts · {formatTokens(server.toolTokens)} per request
            </dd>
          </>
        )}
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
        {/* A failed server's note offers Retry; Restart would be the same button twice. */}
        {!problem && (
          <button
            disabled={busy !== null || disabled}
            onClick={() => void run('restart', () => restartServer(server.name))}
          >
            {busy === 'restart' ? 'Restarting…' : 'Restart'}
          </button>
        )}
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
      {test && <TestResult result={test} entry={server.entry} />}
      {error && <ErrorNote title="That did not work" error={error} />}
    </div>
  );
}
