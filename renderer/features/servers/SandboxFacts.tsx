// A local server's sandbox on its overview: whether it runs in one, what it may do, and the hosts
// its proxy refused, each with the way to allow it (the entry's sandbox.network.allowedDomains,
// saved through the same confirmation as any change to what a server runs).
import type { SandboxView } from '../../../shared/server-types';

const STATE: Record<SandboxView['state'], string> = {
  on: 'Sandboxed',
  off: 'Not sandboxed (the entry says "sandbox": false)',
  unavailable: 'Asked for, but the sandbox cannot run here',
};

export function SandboxFacts({ sandbox, onEdit }: { sandbox: SandboxView; onEdit?(): void }) {
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
        {sandbox.blocked.length > 0 && (
          <div className="small" role="status">
            Blocked: <span className="mono">{sandbox.blocked.join(', ')}</span>.{' '}
            <span className="muted">
              To allow one, add it to the entry’s{' '}
              <span className="mono">sandbox.network.allowedDomains</span>
            </span>{' '}
            {onEdit && <button onClick={onEdit}>Edit the entry</button>}
          </div>
        )}
      </dd>
    </>
  );
}
