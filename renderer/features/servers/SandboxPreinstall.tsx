// "Pre-install" for a sandboxed npx/uvx server: what applies now (the runner fetches, or runs
// offline from its cache), and, with the user's consent given in place, one unsandboxed run of the
// runner that fills the cache; the server then restarts sandboxed without registry or cache writes.
import { useEffect, useState } from 'react';
import type { SandboxView, ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';

type Runner = NonNullable<SandboxView['runner']>;

export function SandboxPreinstall({ server, runner }: { server: ServerStatus; runner: Runner }) {
  const { preinstallServer } = useLenaActions();
  const [asking, setAsking] = useState(false);
  const [started, setStarted] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<UiError | null>(null);
  useEffect(() => {
    if (started === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [started]);
  const run = async () => {
    setStarted(Date.now());
    setNow(Date.now());
    const r = await preinstallServer(server.name);
    setStarted(null);
    setAsking(false);
    setError(r.ok ? null : r.error);
  };
  const offer =
    runner.preinstalledAt === null &&
    runner.preinstall !== null &&
    server.status !== 'needs-approval';
  return (
    <div className="small" data-testid="sandbox-runner">
      <span className="muted">{runner.note}</span>{' '}
      {offer && !asking && (
        <button className="ghost small" onClick={() => setAsking(true)}>
          Pre-install…
        </button>
      )}
      {offer && asking && (
        <div className="notice" role="alert" aria-label="Confirm the pre-install">
          <p>
            Pre-install runs <span className="mono">{runner.preinstall}</span> once{' '}
            <strong>without the sandbox</strong>, with your rights, to fill {runner.name}’s cache.
            Then “{server.name}” restarts sandboxed, offline, from the cache: no registry, no cache
            writes.
          </p>
          <div className="row">
            <button className="primary" disabled={started !== null} onClick={() => void run()}>
              {started === null
                ? 'Pre-install and restart'
                : `Pre-installing… ${Math.round((now - started) / 1000)} s`}
            </button>
            <button disabled={started !== null} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && <ErrorNote title="Nothing was pre-installed" error={error} />}
    </div>
  );
}
