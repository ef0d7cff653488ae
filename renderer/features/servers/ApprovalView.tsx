// A project server awaiting approval: everything it would run, the risks found, Approve / Reject.
import { useState } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { Marked } from '../../components/Marked';
import { joinCommandLine } from '../../lib/command-line';
import { useLena } from '../../store';
import type { UiError } from '../../store/result';

export function ApprovalView({ server }: { server: ServerStatus }) {
  const approveServer = useLena((s) => s.approveServer);
  const [error, setError] = useState<UiError | null>(null);
  const a = server.approval;
  if (!a) return <p className="muted">This server waits for approval, but core sent no details; reload the servers.</p>;
  const decide = async (approve: boolean) => {
    const r = await approveServer(server.name, approve, a.entryHash);
    setError(r.ok ? null : r.error);
  };
  return (
    <section className="approval card" aria-labelledby="approval-title">
      <h2 id="approval-title">Start “{a.name}” from this project?</h2>
      <p className="muted">The project’s <span className="mono">.mcp.json</span> asks Lena to run this. Nothing runs until you approve it.</p>
      {a.command !== null ? (
        <>
          <div className="muted small">Command</div>
          <pre className="command-preview"><Marked text={joinCommandLine([a.command, ...a.args])} /></pre>
          {a.cwd && <p className="small">Working directory: <span className="mono">{a.cwd}</span></p>}
          <p className="small">Environment variables: {a.envNames.length ? <span className="mono">{a.envNames.join(', ')}</span> : 'none'}</p>
        </>
      ) : (
        <>
          <div className="muted small">URL</div>
          <pre className="command-preview"><Marked text={a.url ?? ''} /></pre>
          <p className="small">Headers: {a.headerNames.length ? <span className="mono">{a.headerNames.join(', ')}</span> : 'none'}</p>
        </>
      )}
      {a.risks.length > 0 && (
        <ul className="risks" aria-label="Risks" role="list">
          {a.risks.map((r, i) => <li key={i} className="warning">⚠ {r.message} <span className="mono small">({r.pattern})</span></li>)}
        </ul>
      )}
      {error && <ErrorNote title="Your decision was not recorded" error={error} />}
      <div className="row">
        <button className="primary" onClick={() => void decide(true)}>Approve</button>
        <button onClick={() => void decide(false)}>Reject</button>
      </div>
    </section>
  );
}
