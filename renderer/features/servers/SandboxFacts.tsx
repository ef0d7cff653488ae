// A local server's sandbox on its overview: whether it runs in one, what it may do, and the hosts
// its proxy refused, each with "Allow this domain"; "Allow a folder…" adds a writable folder. Both
// edit the entry's sandbox policy after a confirmation that says what changes, saved like any
// edit of the entry (a project entry then waits for approval again); the server restarts.
import { useState } from 'react';
import type { SandboxView, ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';
import { SandboxPreinstall } from './SandboxPreinstall';

const STATE: Record<SandboxView['state'], string> = {
  on: 'Sandboxed',
  off: 'Not sandboxed (the entry says "sandbox": false)',
  unavailable: 'Asked for, but the sandbox cannot run here',
};

type Grant = { domain: string } | { folder: string };

export function SandboxFacts({
  server,
  sandbox,
  onEdit,
}: {
  server: ServerStatus;
  sandbox: SandboxView;
  onEdit?(): void;
}) {
  const { allowInSandbox } = useLenaActions();
  const [pending, setPending] = useState<Grant | null>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  // A project entry waiting for approval is changed by approving it, not from here.
  const boxed = sandbox.state !== 'off' && server.status !== 'needs-approval';
  const apply = async (grant: Grant) => {
    setBusy(true);
    const r = await allowInSandbox(server.name, grant);
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setPending(null);
      setTyping(null);
    }
  };
  return (
    <>
      <dt>Sandbox</dt>
      <dd data-testid="server-sandbox">
        <span className={sandbox.state === 'on' ? undefined : 'warning'}>
          {sandbox.choiceAt
            ? 'Not sandboxed (you unticked “Run in the sandbox” when approving it)'
            : STATE[sandbox.state]}
        </span>
        <span className="muted small">: {sandbox.summary}</span>
        {sandbox.runner && sandbox.state !== 'off' && (
          <SandboxPreinstall server={server} runner={sandbox.runner} />
        )}
        {sandbox.blocked.length > 0 && (
          <ul className="small sandbox-blocked" role="status" aria-label="Blocked by the sandbox">
            {sandbox.blocked.map((host) => (
              <li key={host}>
                blocked: <span className="mono">{host}</span>{' '}
                <button
                  className="small"
                  disabled={busy || !boxed}
                  onClick={() => setPending({ domain: host })}
                >
                  Allow this domain
                </button>
              </li>
            ))}
          </ul>
        )}
        {boxed && !pending && typing === null && (
          <div className="row">
            <button className="ghost small" onClick={() => setTyping('')}>
              Allow a folder…
            </button>
            {onEdit && (
              <button className="ghost small" onClick={onEdit}>
                Edit the entry
              </button>
            )}
          </div>
        )}
        {typing !== null && !pending && (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (typing.trim()) setPending({ folder: typing.trim() });
            }}
          >
            <input
              aria-label="Folder the server may write to"
              className="mono"
              placeholder="/full/path/to/folder"
              value={typing}
              autoFocus
              onChange={(e) => setTyping(e.target.value)}
            />
            <button type="submit" disabled={!typing.trim()}>
              Allow…
            </button>
            <button type="button" onClick={() => setTyping(null)}>
              Cancel
            </button>
          </form>
        )}
        {pending && (
          <Confirm
            server={server}
            grant={pending}
            busy={busy}
            onApply={() => void apply(pending)}
            onCancel={() => setPending(null)}
          />
        )}
        {error && <ErrorNote title="The sandbox was not changed" error={error} />}
      </dd>
    </>
  );
}

/** What the change does, said before it is saved: the field, the file, the restart, re-approval. */
function Confirm({
  server,
  grant,
  busy,
  onApply,
  onCancel,
}: {
  server: ServerStatus;
  grant: Grant;
  busy: boolean;
  onApply(): void;
  onCancel(): void;
}) {
  const [what, field] =
    'domain' in grant
      ? [`reach ${grant.domain}`, 'sandbox.network.allowedDomains']
      : [`write to ${grant.folder}`, 'sandbox.filesystem.allowWrite'];
  return (
    <div className="notice small" role="alert" aria-label="Confirm the sandbox change">
      <p>
        Allow “{server.name}” to {what}? This adds{' '}
        <span className="mono">{'domain' in grant ? grant.domain : grant.folder}</span> to its
        entry’s <span className="mono">{field}</span> in <span className="mono">{server.file}</span>{' '}
        and restarts the server.
        {server.scope === 'project' &&
          ' The project’s file changes, so the server waits for your approval again.'}
      </p>
      <div className="row">
        <button className="primary" disabled={busy} onClick={onApply}>
          {busy ? 'Saving…' : 'Allow and restart'}
        </button>
        <button disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
